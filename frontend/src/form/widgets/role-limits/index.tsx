import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { X } from 'lucide-react';
import { useMemo } from 'react';
import { RolePicker, useRoleField } from '../role-list/role-picker';

type Limits = Record<string, unknown>;

/**
 * A map of role id -> number (x-ui widget `role-limits` on an object whose values are bounded numbers: ticket limits'
 * roleLimits). One row per role with its number and a remove button; a picker adds a role not yet in the map, with the
 * values' default or minimum. The bounds come from the schema (additionalProperties), the validator reports the rest.
 */
export function RoleLimitsWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, rawErrors, schema, label } = props;
  const limits = useMemo<Limits>(() => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Limits) : {}), [value]);
  const values = (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : {}) as Record<string, unknown>;
  const minimum = typeof values.minimum === 'number' ? values.minimum : undefined;
  const maximum = typeof values.maximum === 'number' ? values.maximum : undefined;
  const start = typeof values.default === 'number' ? values.default : (minimum ?? 1);
  const ids = Object.keys(limits);
  const { choices, nameOf, locked, full } = useRoleField(props, ids, schema.maxProperties);
  const set = (next: Limits) => onChange(next);
  return (
    <div>
      {ids.length === 0 ? (
        <p className="mb-2 text-sm text-muted">No role limits</p>
      ) : (
        <ul className="mb-2 grid gap-2" aria-label={label}>
          {ids.map((roleId) => {
            const inputId = `${id}_${roleId}`;
            const raw = limits[roleId];
            return (
              <li key={roleId} className="flex items-center gap-3">
                <label htmlFor={inputId} className="min-w-40 text-sm">
                  {nameOf(roleId)}
                </label>
                <input
                  id={inputId}
                  type="number"
                  className={`field-input w-28 ${(rawErrors?.length ?? 0) > 0 ? 'border-danger' : ''}`}
                  value={typeof raw === 'number' ? raw : ''}
                  min={minimum}
                  max={maximum}
                  step={1}
                  disabled={locked}
                  aria-describedby={ariaDescribedByIds(id)}
                  onChange={(e) => set({ ...limits, [roleId]: e.target.value === '' ? undefined : Number(e.target.value) })}
                  onBlur={() => onBlur(id, value)}
                  onFocus={() => onFocus(id, value)}
                />
                {!locked && (
                  <button
                    type="button"
                    className="rounded-full p-1 hover:bg-danger/20"
                    aria-label={`Remove the limit for ${nameOf(roleId)}`}
                    onClick={() => set(Object.fromEntries(Object.entries(limits).filter(([other]) => other !== roleId)))}
                  >
                    <X size={14} aria-hidden />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <RolePicker
        id={id}
        className="field-input"
        choices={choices}
        placeholder="Add a role limit"
        disabled={locked || full}
        aria-label="Add a role limit"
        onPick={(roleId) => set({ ...limits, [roleId]: start })}
      />
    </div>
  );
}
