import type { WidgetProps } from '@rjsf/utils';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useRoles } from '../../../api/queries';
import type { SchemaFormContext } from '../../core/form-context';
import { valueAt } from '../../core/visibility';
import { LoadFailed } from '../guild-select';

type Option = Record<string, unknown>;
type PropertySchema = {
  title?: string;
  type?: string | string[];
  enum?: unknown[];
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
};
type ItemUi = Record<
  string,
  { 'ui:enumNames'?: string[]; 'ui:placeholder'?: string; 'ui:help'?: string; 'ui:options'?: { visibleIf?: Record<string, unknown> } }
>;

/** The item fields the widget draws, in the item schema's x-ui order (role first). */
const FIELDS = ['role_id', 'emoji', 'label', 'description', 'style', 'row'] as const;

const matches = (actual: unknown, expected: unknown) => (Array.isArray(expected) ? expected.includes(actual) : actual === expected);

/**
 * The role menu's options, one card each: the role (the guild's assignable roles: not @everyone, not managed by an
 * integration, highest first), and the fields the item schema declares, each shown only while its x-ui `visibleIf`
 * holds over the whole menu (a button's style and row, a select option's description: `/kind`). Add, remove, move up
 * and down. Titles, limits, enum labels and help are the schema's; errors come from the form's document errors by
 * pointer (`/options/2/label`), so the browser's and the server's checks show at their field.
 */
export function RoleMenuOptionsWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, schema, uiSchema, registry } = props;
  const context = registry.formContext as SchemaFormContext;
  const roles = useRoles(context.guildId);
  const options = (Array.isArray(value) ? value : []) as Option[];
  const itemSchema = (schema.items ?? {}) as { properties?: Record<string, PropertySchema> };
  const properties = itemSchema.properties ?? {};
  const itemUi = (uiSchema?.items ?? {}) as ItemUi;
  const document = context.document?.values ?? {};
  const errors = context.document?.errors ?? {};
  const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : undefined;
  const locked = disabled || readonly;

  const choices = (roles.data ?? []).filter((role) => !role.managed && role.id !== context.guildId).sort((a, b) => b.position - a.position);
  const shown = (field: string) =>
    Object.entries(itemUi[field]?.['ui:options']?.visibleIf ?? {}).every(([name, expected]) =>
      matches(name.startsWith('/') ? valueAt(document, name) : undefined, expected),
    );

  const set = (next: Option[]) => onChange(next);
  const update = (index: number, field: string, fieldValue: unknown) =>
    set(options.map((option, i) => (i === index ? { ...option, [field]: fieldValue } : option)));
  const move = (index: number, by: number) => {
    const next = [...options];
    const [taken] = next.splice(index, 1);
    next.splice(index + by, 0, taken!);
    set(next);
  };
  const add = () => {
    const fresh: Option = { role_id: '' };
    for (const [field, property] of Object.entries(properties)) if (property.default !== undefined) fresh[field] = property.default;
    set([...options, fresh]);
  };

  const roleName = (roleId: unknown) => choices.find((role) => role.id === roleId)?.name;

  return (
    <div className="space-y-3" id={id}>
      {roles.isError && <LoadFailed noun="roles" objects={roles} />}
      {options.length === 0 && <p className="text-sm text-muted">No options yet.</p>}
      <ol className="space-y-3" aria-label={String(schema.title ?? 'Options')}>
        {options.map((option, index) => {
          const base = `${id}-${index}`;
          const name = roleName(option.role_id);
          const heading = `Option ${index + 1}${name ? `: @${name}` : ''}`;
          return (
            <li key={index}>
              <fieldset className="rounded-xl border border-line p-3" data-option={index}>
                <legend className="px-1 text-sm font-semibold">{heading}</legend>
                <div className="grid gap-3 sm:grid-cols-2">
                  {FIELDS.filter((field) => properties[field] && shown(field)).map((field) => {
                    const property = properties[field]!;
                    const fieldId = `${base}-${field}`;
                    const error = errors[`/options/${index}/${field}`];
                    const ui = itemUi[field] ?? {};
                    const help = ui['ui:help'];
                    const describedBy =
                      [error ? `${fieldId}-error` : '', help ? `${fieldId}-help` : ''].filter(Boolean).join(' ') || undefined;
                    const common = {
                      id: fieldId,
                      disabled: locked,
                      'aria-invalid': error ? true : undefined,
                      'aria-describedby': describedBy,
                      className: `field-input ${error ? 'border-danger' : ''}`,
                    };
                    const current = option[field];
                    let control;
                    if (field === 'role_id') {
                      const unknown = typeof current === 'string' && current !== '' && roles.data && !name;
                      control = (
                        <select
                          {...common}
                          value={typeof current === 'string' ? current : ''}
                          onChange={(e) => update(index, field, e.target.value)}
                        >
                          <option value="">{roles.isPending ? 'Loading roles...' : (ui['ui:placeholder'] ?? 'Select a role')}</option>
                          {unknown && <option value={current}>Unknown role ({current})</option>}
                          {choices.map((role) => (
                            <option key={role.id} value={role.id}>
                              @{role.name}
                            </option>
                          ))}
                        </select>
                      );
                    } else if (property.enum) {
                      const labels = ui['ui:enumNames'] ?? property.enum.map(String);
                      control = (
                        <select {...common} value={String(current ?? '')} onChange={(e) => update(index, field, e.target.value)}>
                          {property.enum.map((choice, i) => (
                            <option key={String(choice)} value={String(choice)}>
                              {labels[i]}
                            </option>
                          ))}
                        </select>
                      );
                    } else if (property.type === 'integer') {
                      control = (
                        <input
                          {...common}
                          type="number"
                          inputMode="numeric"
                          min={property.minimum}
                          max={property.maximum}
                          value={typeof current === 'number' ? current : ''}
                          onChange={(e) => update(index, field, e.target.value === '' ? undefined : Number(e.target.value))}
                        />
                      );
                    } else {
                      control = (
                        <input
                          {...common}
                          type="text"
                          maxLength={property.maxLength}
                          placeholder={ui['ui:placeholder']}
                          value={typeof current === 'string' ? current : ''}
                          onChange={(e) => update(index, field, e.target.value)}
                        />
                      );
                    }
                    return (
                      <div key={field} className="space-y-1" data-field={field}>
                        <label htmlFor={fieldId} className="block text-sm font-medium">
                          {property.title ?? field}
                        </label>
                        {control}
                        {help && (
                          <p id={`${fieldId}-help`} className="text-xs text-muted">
                            {help}
                          </p>
                        )}
                        {error && (
                          <p id={`${fieldId}-error`} className="text-xs text-danger">
                            {error}
                          </p>
                        )}
                      </div>
                    );
                  })}
                </div>
                <div className="mt-3 flex flex-wrap gap-2">
                  <button
                    type="button"
                    className="btn-secondary px-3"
                    disabled={locked || index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={`Move option ${index + 1} up`}
                  >
                    <ArrowUp aria-hidden="true" className="h-4 w-4" />
                  </button>
                  <button
                    type="button"
                    className="btn-secondary px-3"
                    disabled={locked || index === options.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={`Move option ${index + 1} down`}
                  >
                    <ArrowDown aria-hidden="true" className="h-4 w-4" />
                  </button>
                  <button
                    type="button"
                    className="btn-secondary px-3 text-danger"
                    disabled={locked}
                    onClick={() => set(options.filter((_, i) => i !== index))}
                    aria-label={`Remove option ${index + 1}`}
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                    Remove
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="btn-secondary"
        disabled={locked || (maxItems !== undefined && options.length >= maxItems)}
        onClick={add}
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
        Add option
      </button>
    </div>
  );
}
