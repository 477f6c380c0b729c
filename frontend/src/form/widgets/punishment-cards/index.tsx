import type { WidgetProps } from '@rjsf/utils';
import { Ban, Clock, DoorOpen } from 'lucide-react';

const ICONS: Record<string, typeof Clock> = { timeout: Clock, kick: DoorOpen, ban: Ban };

/** The punishment enum as a row of cards (radio group): one choice, keyboard-selectable. */
export function PunishmentCardsWidget({ id, value, options, disabled, readonly, onChange, label }: WidgetProps) {
  const enumOptions = options.enumOptions ?? [];
  return (
    <div role="radiogroup" aria-labelledby={`${id}-label`} className="grid gap-3 sm:grid-cols-3">
      <span id={`${id}-label`} className="sr-only">
        {label}
      </span>
      {enumOptions.map((o, i) => {
        const Icon = ICONS[String(o.value)] ?? Clock;
        const checked = o.value === value;
        return (
          <label
            key={String(o.value)}
            className={`flex cursor-pointer items-center gap-3 rounded-xl border p-4 text-sm ${checked ? 'border-brand bg-brand/15' : 'border-line bg-panel-2 hover:border-brand/60'}`}
          >
            <input
              type="radio"
              className="sr-only"
              name={id}
              id={i === 0 ? id : `${id}-${i}`}
              value={String(o.value)}
              checked={checked}
              disabled={disabled || readonly}
              onChange={() => onChange(o.value)}
            />
            <Icon aria-hidden="true" className={`h-5 w-5 ${checked ? 'text-brand' : 'text-muted'}`} />
            <span className="font-semibold">{o.label}</span>
          </label>
        );
      })}
    </div>
  );
}
