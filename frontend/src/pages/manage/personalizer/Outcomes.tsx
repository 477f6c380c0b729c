import { sectionModules } from '@guildhall/generated/section-modules';
import { CheckCircle2, X, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { ApplyResult, FieldOutcome, PersonalizerField } from './use-personalizer';

/** The fields' titles, read from the section's schema (Nickname, Avatar, Banner, About me). */
export type FieldTitles = Readonly<Record<PersonalizerField, string>>;

export function fieldTitles(schema: unknown): FieldTitles {
  const properties = ((schema as { properties?: Record<string, { title?: string }> }).properties ?? {}) as Record<
    string,
    { title?: string }
  >;
  const title = (field: PersonalizerField) => properties[field]?.title ?? field;
  return { nick: title('nick'), avatar: title('avatar'), banner: title('banner'), bio: title('bio') };
}

/**
 * The titles, once the section's generated module is here (the page has it already; the History fetches it). Not
 * through the form engine's loader: what this chunk shares with the History stays out of the form's chunk.
 */
export function useFieldTitles(): FieldTitles {
  const [titles, setTitles] = useState<FieldTitles>(() => fieldTitles({}));
  useEffect(() => {
    let live = true;
    void sectionModules.personalizer().then((module) => live && setTitles(fieldTitles(module.schema)));
    return () => {
      live = false;
    };
  }, []);
  return titles;
}

const OUTCOMES: Record<FieldOutcome['outcome'], { label: string; icon: typeof X; tone: string }> = {
  applied: { label: 'Applied', icon: CheckCircle2, tone: 'text-ok' },
  cleared: { label: 'Cleared (the global profile shows)', icon: CheckCircle2, tone: 'text-ok' },
  refused: { label: 'Refused', icon: XCircle, tone: 'text-danger' },
  'not-sent': { label: 'Not sent', icon: X, tone: 'text-muted' },
};

/** What Discord said to an Apply or a Reset, field by field (refused with its reason; not sent when another was). */
export function Outcomes({ result, titles, headingId }: { result: ApplyResult; titles: FieldTitles; headingId: string }) {
  if (result.error !== undefined)
    return (
      <p role="alert" className="rounded-lg border border-danger/50 bg-danger/10 p-3 text-sm break-words text-danger" data-outcome-error="">
        {result.error}
      </p>
    );
  const { answer } = result;
  const done = answer.action === 'reset' ? 'Reset' : 'Apply';
  return (
    <div
      role={answer.success ? 'status' : 'alert'}
      aria-labelledby={headingId}
      className={`rounded-lg border p-3 text-sm break-words ${answer.success ? 'border-ok/50 bg-ok/10' : 'border-danger/50 bg-danger/10'}`}
      data-outcomes={answer.action}
    >
      <p id={headingId} className={`font-semibold ${answer.success ? 'text-ok' : 'text-danger'}`}>
        {answer.success ? `${done} done: Discord took the profile.` : `${done} refused: nothing changed in Discord.`}
        {answer.error ? ` ${answer.error}` : ''}
      </p>
      <ul className="mt-2 space-y-1" aria-labelledby={headingId}>
        {answer.fields.map((f) => {
          const { label, icon: Icon, tone } = OUTCOMES[f.outcome];
          return (
            <li key={f.field} className="flex items-start gap-2" data-field-outcome={f.field} data-outcome={f.outcome}>
              <Icon aria-hidden="true" className={`mt-0.5 h-4 w-4 shrink-0 ${tone}`} />
              <span>
                <span className="font-semibold">{titles[f.field]}</span>: {label}
                {f.message && f.message !== label ? <span className="text-muted"> ({f.message})</span> : null}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
