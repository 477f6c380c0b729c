import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { X } from 'lucide-react';
import { useMemo } from 'react';
import { RolePicker, useRoleField } from './role-picker';

/**
 * A list of roles held as ids (x-ui widget `role-list`: the ticket system's additional roles). Each added role shows
 * with a remove button ('Unknown role ({id})' when the guild no longer has it); the picker offers only the roles not
 * yet added, so a role is never added twice. The picker's empty choice is ui:placeholder.
 */
export function RoleListWidget(props: WidgetProps) {
  const { id, value, label, onChange, onBlur, onFocus, rawErrors, options, schema } = props;
  const ids = useMemo(() => (Array.isArray(value) ? (value as unknown[]).filter((v): v is string => typeof v === 'string') : []), [value]);
  const { choices, nameOf, locked, full } = useRoleField(props, ids, schema.maxItems);
  const placeholder = props.placeholder || (typeof options.placeholder === 'string' ? options.placeholder : 'Add a role');
  return (
    <div>
      {ids.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label={label}>
          {ids.map((roleId) => (
            <li key={roleId} className="flex items-center gap-1 rounded-full border border-line px-3 py-1 text-sm">
              <span>{nameOf(roleId)}</span>
              {!locked && (
                <button
                  type="button"
                  className="rounded-full p-0.5 hover:bg-danger/20"
                  aria-label={`Remove ${nameOf(roleId)}`}
                  onClick={() => onChange(ids.filter((other) => other !== roleId))}
                >
                  <X size={14} aria-hidden />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <RolePicker
        id={id}
        className={`field-input ${(rawErrors?.length ?? 0) > 0 ? 'border-danger' : ''}`}
        choices={choices}
        placeholder={placeholder}
        disabled={locked || full}
        aria-describedby={ariaDescribedByIds(id)}
        onPick={(roleId) => onChange([...ids, roleId])}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
    </div>
  );
}
