import ArrayField from '@rjsf/core/lib/components/fields/ArrayField.js';
import ArrayFieldDescriptionTemplate from '@rjsf/core/lib/components/templates/ArrayFieldDescriptionTemplate.js';
import ArrayFieldItemButtonsTemplate from '@rjsf/core/lib/components/templates/ArrayFieldItemButtonsTemplate.js';
import ArrayFieldItemTemplate from '@rjsf/core/lib/components/templates/ArrayFieldItemTemplate.js';
import ArrayFieldTemplate from '@rjsf/core/lib/components/templates/ArrayFieldTemplate.js';
import ArrayFieldTitleTemplate from '@rjsf/core/lib/components/templates/ArrayFieldTitleTemplate.js';
import { buttonId, type ArrayFieldItemTemplateProps, type ArrayFieldTemplateProps, type FieldProps } from '@rjsf/utils';
import { Plus, Trash2 } from 'lucide-react';
import { type ComponentType, useMemo } from 'react';

/** RJSF's ArrayField for any form's field props (its own type asks for an array's). */
const Field = ArrayField as unknown as ComponentType<FieldProps>;

/** The templates only RJSF's ArrayField draws (the build's registry leaves them out: src/form/rjsf-defaults.ts). */
export const ARRAY_TEMPLATES = {
  ArrayFieldDescriptionTemplate,
  ArrayFieldItemButtonsTemplate,
  ArrayFieldItemTemplate,
  ArrayFieldTemplate,
  ArrayFieldTitleTemplate,
};

/** An item's name from its schema's title ('Role grant'), for the Add and Remove buttons. */
const itemTitle = (schema: ArrayFieldTemplateProps['schema']): string => {
  const items = schema.items;
  return items && typeof items === 'object' && !Array.isArray(items) && typeof items.title === 'string' ? items.title : 'item';
};

/**
 * A list of objects (Dashboard Access's grants): a titled group of cards, one per item, each with its Remove button,
 * and an Add button named after the item's title. Lists drawn by a widget (role lists, user lists) never come here.
 */
export function ThemedArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { canAdd, fieldPathId, items, onAddClick, disabled, readonly, schema, title, uiSchema } = props;
  const name = itemTitle(schema);
  return (
    <fieldset id={fieldPathId.$id} className="mb-6 min-w-0">
      <legend className="text-base font-semibold">{(uiSchema?.['ui:title'] as string | undefined) ?? title}</legend>
      {schema.description && <p className="mt-0.5 text-sm text-muted">{schema.description}</p>}
      <div className="mt-3 space-y-3">{items}</div>
      {canAdd && !readonly && (
        <button id={buttonId(fieldPathId, 'add')} type="button" className="btn-secondary mt-3" disabled={disabled} onClick={onAddClick}>
          <Plus aria-hidden="true" className="h-4 w-4" /> Add {name.toLowerCase()}
        </button>
      )}
    </fieldset>
  );
}

/** One item of such a list: a card with its fields and a Remove button. */
export function ThemedArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, index, schema } = props;
  const { hasRemove, onRemoveItem, disabled, readonly, fieldPathId } = buttonsProps;
  const name = typeof schema.title === 'string' ? schema.title : 'item';
  return (
    <div className="rounded-xl border border-line bg-panel-2 p-4" data-array-item={index}>
      {children}
      {hasRemove && !readonly && (
        <div className="flex justify-end">
          <button
            id={buttonId(fieldPathId, 'remove')}
            type="button"
            className="btn-secondary text-danger"
            disabled={disabled}
            aria-label={`Remove ${name.toLowerCase()} ${index + 1}`}
            onClick={onRemoveItem}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" /> Remove
          </button>
        </div>
      )}
    </div>
  );
}

/** RJSF's ArrayField with its templates, which a form's registry may lack (a form part: src/form/parts.ts). */
export function ArrayFieldPart(props: FieldProps) {
  const { registry } = props;
  const withTemplates = useMemo(
    () => ({
      ...registry,
      templates: {
        ...ARRAY_TEMPLATES,
        ...registry.templates,
        ArrayFieldTemplate: ThemedArrayFieldTemplate,
        ArrayFieldItemTemplate: ThemedArrayFieldItemTemplate,
      },
    }),
    [registry],
  );
  return <Field {...props} registry={withTemplates} />;
}
