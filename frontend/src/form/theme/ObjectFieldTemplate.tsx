import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { Fragment } from 'react';
import { partComponent } from '../part-component';
import type { Group } from './TabbedObject';

/** A tabbed form's tabs: a form part (src/form/parts.ts), as AntiNuke's is the only one. */
const TabbedObject = partComponent('form/parts/TabbedObject', (m) => m.TabbedObject);

/**
 * Properties in order; those whose x-ui names a `group` are gathered in a titled panel after the
 * others (e.g. Levels' XP options). A group whose fields are all hidden disappears with them. The root object of a
 * schema whose x-ui says `layout: 'tabs'` shows its groups as tabs instead (TabbedObject).
 */
export function ObjectFieldTemplate({ properties, schema, uiSchema, title, fieldPathId, registry, errorSchema }: ObjectFieldTemplateProps) {
  const options = uiSchema?.['ui:options'] as { groups?: Group[]; layout?: string } | undefined;
  const groups = options?.groups ?? [];
  const groupOf = (name: string) => (uiSchema?.[name] as { 'ui:options'?: { group?: string } } | undefined)?.['ui:options']?.group;
  // An object whose fields all show beside others (x-ui.beside) has nothing of its own to frame.
  const besideOf = (name: string) => (uiSchema?.[name] as { 'ui:options'?: { beside?: string } } | undefined)?.['ui:options']?.beside;
  if (properties.length > 0 && properties.every((p) => besideOf(p.name)))
    return (
      <>
        {properties.map((p) => (
          <Fragment key={p.name}>{p.content}</Fragment>
        ))}
      </>
    );
  if (fieldPathId.path.length === 0 && options?.layout === 'tabs' && groups.length > 0) {
    return (
      <TabbedObject
        properties={properties}
        schema={schema}
        uiSchema={uiSchema}
        registry={registry}
        errorSchema={errorSchema}
        groups={groups}
        groupOf={groupOf}
      />
    );
  }
  const ungrouped = properties.filter((p) => !groupOf(p.name));
  // A nested object (e.g. an embed's author) is a titled set of fields, unless its uiSchema turns the label off.
  const nestedTitle =
    fieldPathId.path.length > 0 && (uiSchema?.['ui:options'] as { label?: boolean } | undefined)?.label !== false ? title : '';
  if (nestedTitle && groups.length === 0) {
    return (
      <fieldset className="mb-5 min-w-0 rounded-xl border border-line p-4">
        <legend className="px-1 text-sm font-semibold">{nestedTitle}</legend>
        {properties.map((p) => (
          <div key={p.name}>{p.content}</div>
        ))}
      </fieldset>
    );
  }
  return (
    <div>
      {ungrouped.map((p) => (
        <div key={p.name}>{p.content}</div>
      ))}
      {groups.map((g) => {
        const members = properties.filter((p) => groupOf(p.name) === g.id);
        const visible = members.filter((p) => (uiSchema?.[p.name] as Record<string, unknown> | undefined)?.['ui:widget'] !== 'hidden');
        if (visible.length === 0) return members.map((p) => <div key={p.name}>{p.content}</div>);
        return (
          <fieldset key={g.id} className="mt-2 rounded-xl border border-line p-4">
            <legend className="px-1 text-sm font-semibold">{g.title}</legend>
            {g.description && <p className="mb-4 text-xs text-muted">{g.description}</p>}
            {members.map((p) => (
              <div key={p.name}>{p.content}</div>
            ))}
          </fieldset>
        );
      })}
    </div>
  );
}
