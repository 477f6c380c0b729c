import { Check } from 'lucide-react';
import { memo } from 'react';

const HEX = /^#[0-9a-f]{6}$/i;

export interface ColourPickerProps {
  id: string;
  label: string;
  name: string;
  /** #RRGGBB */
  value: string;
  onChange(value: string, name: string): void;
  /** Swatches offered first (a schema's `examples`), as #RRGGBB. */
  presets: readonly string[];
  error?: string;
}

/** Preset swatches, the browser's colour picker and the hex as text; the swatch in use is marked and pressed. */
export const ColourPicker = memo(function ColourPicker({ id, label, name, value, onChange, presets, error }: ColourPickerProps) {
  const valid = HEX.test(value);
  const message = valid ? error : 'Must be a colour such as #068ADD';
  const errorId = `${id}-error`;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{label}</legend>
      <div className="flex flex-wrap gap-2" role="group" aria-label={`${label} presets`}>
        {presets.map((preset) => {
          const active = valid && preset.toLowerCase() === value.toLowerCase();
          return (
            <button
              key={preset}
              type="button"
              aria-label={preset}
              aria-pressed={active}
              onClick={() => onChange(preset, name)}
              className="flex h-8 w-8 items-center justify-center rounded-full border-2 border-line"
              style={{ backgroundColor: preset, borderColor: active ? 'var(--color-fg)' : undefined }}
            >
              {active && <Check aria-hidden="true" className="h-4 w-4 text-white drop-shadow" />}
            </button>
          );
        })}
      </div>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={valid ? value.toLowerCase() : '#000000'}
          onChange={(e) => onChange(e.target.value.toUpperCase(), name)}
          className="h-9 w-12 cursor-pointer rounded border border-line bg-panel-2"
        />
        <label htmlFor={id} className="sr-only">
          {label} (hex)
        </label>
        <input
          id={id}
          name={name}
          type="text"
          value={value}
          maxLength={7}
          spellCheck={false}
          onChange={(e) => onChange(e.target.value, name)}
          className={`field-input w-32 font-mono ${message ? 'border-danger' : ''}`}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
        />
      </div>
      {message && (
        <p id={errorId} className="text-xs text-danger">
          {message}
        </p>
      )}
    </fieldset>
  );
});
