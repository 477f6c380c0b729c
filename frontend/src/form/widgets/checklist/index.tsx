import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

/**
 * A list of values of an enum, each at most once (an array of enum items with uniqueItems), as checkboxes labelled by
 * the items' ui:enumNames, in the enum's order. The enum's first value may stand for all the others (Dashboard
 * Access's `*`, 'All settings'): while it is checked, the others are shown checked and cannot be picked one by one.
 */
export function ChecklistWidget({ id, value, options, disabled, readonly, onChange, onBlur, onFocus, label, rawErrors }: WidgetProps) {
  const enumOptions = options.enumOptions ?? [];
  const chosen = Array.isArray(value) ? (value as unknown[]) : [];
  const all = enumOptions[0]?.value === '*' && chosen.includes('*');
  const locked = Boolean(disabled || readonly);
  const toggle = (option: unknown, on: boolean) => {
    const next = on ? [...chosen, option] : chosen.filter((v) => v !== option);
    // Keep the enum's order, so that a saved document reads the same as the list.
    onChange(enumOptions.map((o) => o.value).filter((v) => next.includes(v)));
  };
  return (
    <div
      id={id}
      role="group"
      aria-label={label}
      aria-describedby={ariaDescribedByIds(id)}
      aria-invalid={(rawErrors?.length ?? 0) > 0 || undefined}
      className="grid grid-cols-1 gap-1 sm:grid-cols-2 lg:grid-cols-3"
      onBlur={() => onBlur(id, chosen)}
      onFocus={() => onFocus(id, chosen)}
    >
      {enumOptions.map((option, i) => {
        const isAll = all && i > 0;
        return (
          <label
            key={String(option.value)}
            className={`flex items-center gap-2 rounded-md px-2 py-1.5 text-sm ${i === 0 ? 'font-semibold sm:col-span-2 lg:col-span-3' : ''} ${isAll ? 'text-muted' : ''}`}
          >
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand"
              id={`${id}-${i}`}
              checked={isAll || chosen.includes(option.value)}
              disabled={locked || isAll}
              onChange={(e) => toggle(option.value, e.target.checked)}
            />
            {option.label}
          </label>
        );
      })}
    </div>
  );
}
