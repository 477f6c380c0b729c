import { sectionPages } from '@guildhall/generated/section-pages';
import type { FieldError } from '@guildhall/generated/types';

/**
 * An import's field error as a person reads it: the section (its title) and the field's path inside it, from a path
 * such as `/document/sections/greeting/welcome/channel`.
 */
export function describeFieldError(error: FieldError): { section: string | null; field: string; message: string } {
  const parts = error.path.split('/').slice(1);
  const at = parts.indexOf('sections');
  if (at >= 0 && parts[at + 1]) {
    const name = parts[at + 1]!;
    const title = (sectionPages as Record<string, { title: string } | undefined>)[name]?.title ?? name;
    return { section: title, field: parts.slice(at + 2).join(' › ') || '(the whole section)', message: error.message };
  }
  return { section: null, field: parts.join(' › ') || '(the file)', message: error.message };
}

export function FieldErrorList({ errors }: { errors: FieldError[] }) {
  return (
    <ul className="mt-2 list-disc space-y-1 pl-5">
      {errors.map((e, i) => {
        const { section, field, message } = describeFieldError(e);
        return (
          <li key={i}>
            {section && <span className="font-semibold">{section}: </span>}
            <code className="rounded bg-panel-2 px-1">{field}</code> {message}
          </li>
        );
      })}
    </ul>
  );
}
