import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useRoles } from '../../../api/queries';
import type { SchemaFormContext } from '../../core/form-context';
import { assignableRoles } from '../role-list';

type Limits = Record<string, unknown>;

/**
 * A map of role id -> number (x-ui widget `role-limits` on an object whose values are bounded numbers: ticket limits'
 * roleLimits). One row per role with its number and a remove button; a picker adds a role not yet in the map, with the
 * values' default or minimum. The bounds come from the schema (additionalProperties), the validator reports the rest.
 */
export function RoleLimitsWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus, registry, rawErrors, schema, label } = props;
  const { guildId } = registry.formContext as SchemaFormContext;
  const roles = useRoles(guildId);
  const limits = useMemo<Limits>(() => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Limits) : {}), [value]);
  const values = (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : {}) as Record<string, unknown>;
  const minimum = typeof values.minimum === 'number' ? values.minimum : undefined;
  const maximum = typeof values.maximum === 'number' ? values.maximum : undefined;
  const start = typeof values.default === 'number' ? values.default : (minimum ?? 1);
  const [adding, setAdding] = useState('');
  const locked = Boolean(disabled || readonly);
  const ids = Object.keys(limits);
  const nameOf = (roleId: string) => {
    const role = roles.data?.find((r) => r.id === roleId);
    return role ? `@${role.name}` : `Unknown role (${roleId})`;
  };
  const offered = assignableRoles(roles.data, guildId).filter((r) => !ids.includes(r.id));
  const full = typeof schema.maxProperties === 'number' && ids.length >= schema.maxProperties;
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
      <select
        id={id}
        className="field-input"
        value={adding}
        disabled={locked || roles.isPending || full}
        aria-label="Add a role limit"
        aria-busy={roles.isPending || undefined}
        onChange={(e) => {
          setAdding('');
          if (e.target.value) set({ ...limits, [e.target.value]: start });
        }}
      >
        <option value="">{roles.isPending ? 'Loading roles...' : 'Add a role limit'}</option>
        {offered.map((r) => (
          <option key={r.id} value={r.id}>
            @{r.name}
          </option>
        ))}
      </select>
      {roles.isError && (
        <p className="mt-1 text-xs text-danger" role="alert">
          Could not load the server's roles.{' '}
          <button type="button" className="underline" onClick={() => void roles.refetch()}>
            Retry
          </button>
        </p>
      )}
    </div>
  );
}
