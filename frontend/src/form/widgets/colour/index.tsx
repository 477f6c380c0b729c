import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

/** Twelve presets (Discord's palette) plus any hex value. */
export const COLOUR_PRESETS = [
  '#068ADD',
  '#5865F2',
  '#57F287',
  '#FEE75C',
  '#EB459E',
  '#ED4245',
  '#3B82F6',
  '#EF4444',
  '#F47B67',
  '#1ABC9C',
  '#9B59B6',
  '#99AAB5',
];

export function ColourWidget({ id, value, disabled, readonly, onChange, onBlur, onFocus, rawErrors }: WidgetProps) {
  const colour = typeof value === 'string' ? value : '';
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Preset colours">
        {COLOUR_PRESETS.map((c) => (
          <button
            key={c}
            type="button"
            aria-label={`Use ${c}`}
            aria-pressed={colour.toUpperCase() === c}
            disabled={disabled || readonly}
            onClick={() => onChange(c)}
            className={`h-7 w-7 rounded-full border-2 ${colour.toUpperCase() === c ? 'border-fg' : 'border-transparent'}`}
            style={{ backgroundColor: c }}
          />
        ))}
      </div>
      <input
        type="color"
        aria-label="Pick a colour"
        value={/^#[0-9a-f]{6}$/i.test(colour) ? colour : '#000000'}
        disabled={disabled || readonly}
        onChange={(e) => onChange(e.target.value.toUpperCase())}
        className="h-9 w-12 cursor-pointer rounded border border-line bg-transparent"
      />
      <input
        id={id}
        className={`field-input w-32 font-mono ${(rawErrors?.length ?? 0) > 0 ? 'border-danger' : ''}`}
        value={colour}
        disabled={disabled}
        readOnly={readonly}
        aria-describedby={ariaDescribedByIds(id)}
        placeholder="#RRGGBB"
        onChange={(e) => onChange(e.target.value)}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
    </div>
  );
}
