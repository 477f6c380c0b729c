import { type ComponentType, useEffect, useState } from 'react';
import { Spinner } from '../components/Spinner';
import { type FormPart, loadedFormPart, type PartModule, settledFormPart } from './parts';

/** A component of a form part: drawn at once when the part is loaded, else once it is (a spinner meanwhile). */
export function partComponent<P extends FormPart, Props extends object>(
  part: P,
  pick: (module: PartModule<P>) => ComponentType<Props>,
): ComponentType<Props> {
  return function FormPartComponent(props: Props) {
    const [failed, setFailed] = useState(false);
    const [, setLoaded] = useState(0);
    const module = loadedFormPart(part);
    useEffect(() => {
      if (module || failed) return;
      let live = true;
      void settledFormPart(part).then((loaded) => live && (loaded ? setLoaded((n) => n + 1) : setFailed(true)));
      return () => {
        live = false;
      };
    }, [module, failed]);
    if (module) {
      const Component = pick(module);
      return <Component {...props} />;
    }
    if (failed)
      return (
        <p role="alert" className="text-sm text-danger">
          This field could not be loaded.{' '}
          <button type="button" className="underline" onClick={() => setFailed(false)}>
            Retry
          </button>
        </p>
      );
    return <Spinner label="Loading..." className="py-4" />;
  };
}
