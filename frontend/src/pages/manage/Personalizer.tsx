import type { PersonalizerSettings } from '@guildhall/generated/types';
import { type MutableRefObject, useCallback, useRef } from 'react';
import { useParams } from 'react-router-dom';
import { useSettings } from '../../api/queries';
import { type FormValues, useFormValues } from '../../form/SchemaForm';
import { PersonalizerAside } from './personalizer/PersonalizerAside';
import { SectionPage } from './SectionPage';

// The History's offer after a revert of this section, loaded from here (its parts are this page's, in this page's
// chunk rather than in the one every manage page loads).
export { ApplyRestoredProfile } from './history/ApplyRestoredProfile';

/** Rendered inside the form: hands the page the form's draft and its setter (Adopt puts Discord's nickname in it). */
function FormHandle({ target }: { target: MutableRefObject<FormValues | null> }) {
  target.current = useFormValues();
  return null;
}

/**
 * The Bot Personalizer (at /personalizer): the engine's form for the bot's nickname, avatar, banner and bio in this
 * server, beside Apply / Reset with what Discord said and how the saved profile compares with what is live, and a
 * live preview of the draft as members will see it.
 */
export default function Personalizer() {
  const { guildId = '' } = useParams();
  const settings = useSettings(guildId, 'personalizer');
  const form = useRef<FormValues | null>(null);
  const adopt = useCallback((nick: string) => form.current?.patch({ nick }), []);
  const aside = (values: Partial<PersonalizerSettings>) => (
    <PersonalizerAside guildId={guildId} values={values} saved={settings.data?.settings} onAdopt={adopt} />
  );
  return <SectionPage section="personalizer" aside={aside} actions={<FormHandle target={form} />} />;
}
