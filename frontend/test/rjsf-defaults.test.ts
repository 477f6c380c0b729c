// The build ships RJSF's default registry without the fields, widgets and templates no form of ours reaches
// (src/form/rjsf-defaults.ts, put in place by vite.config.ts; issue 26). Every widget, field and format a section's
// schema and UI schema name must therefore resolve to the same component with it as with RJSF's full registry; a
// schema that starts using a date, a colour picker or a radio group fails here until the widget is put back.
import fullFields from '@rjsf/core/lib/components/fields/index.js';
import fullTemplates from '@rjsf/core/lib/components/templates/index.js';
import fullWidgets from '@rjsf/core/lib/components/widgets/index.js';
import { getWidget, type RegistryWidgetsType, type RJSFSchema } from '@rjsf/utils';
import { sectionModules } from '@guildhall/generated/section-modules';
import { describe, expect, it } from 'vitest';
import { fields, templates, widgets } from '../src/form/rjsf-defaults';
import { widgets as ourWidgets } from '../src/form/widgets';

/** What a form's registry holds in the build, and what it would hold with RJSF's full lists. */
const shipped = { ...widgets(), ...ourWidgets } as RegistryWidgetsType;
const full = { ...fullWidgets(), ...ourWidgets } as RegistryWidgetsType;
/** Our own fields (EngineForm's FIELDS). */
const OUR_FIELDS = ['ObjectField'];
const TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'] as const;

/** The component a widget name resolves to for a type, or the error RJSF would throw. */
function resolve(registry: RegistryWidgetsType, type: string, widget: string): unknown {
  try {
    return getWidget({ type } as RJSFSchema, widget, registry);
  } catch (error) {
    return `no widget '${widget}' for ${type}: ${(error as Error).message.split(' in schema')[0]}`;
  }
}

/** Every value of `key` anywhere in `node` (a UI schema's ui:widget, a schema's format), with where it is. */
function valuesOf(node: unknown, key: string, at = '', out: { at: string; value: string }[] = []) {
  if (Array.isArray(node)) node.forEach((item, i) => valuesOf(item, key, `${at}/${i}`, out));
  else if (node && typeof node === 'object')
    for (const [k, value] of Object.entries(node)) {
      if (k === key && typeof value === 'string') out.push({ at, value });
      valuesOf(value, key, `${at}/${k}`, out);
    }
  return out;
}

const sections = await Promise.all(
  Object.entries(sectionModules).map(async ([name, load]) => {
    const module = (await load()) as { schema: unknown; uiSchema?: unknown };
    return { name, schema: module.schema, uiSchema: module.uiSchema ?? {} };
  }),
);

describe('the RJSF registry the build ships (src/form/rjsf-defaults.ts)', () => {
  it("is RJSF's own lists less what it leaves out, each entry the same component", () => {
    for (const [kept, all] of [
      [fields(), fullFields()],
      [widgets(), fullWidgets()],
      [templates(), fullTemplates()],
    ] as const)
      for (const [name, component] of Object.entries(kept)) expect(component, name).toStrictEqual((all as Record<string, unknown>)[name]);
    expect(Object.keys(fullFields()).filter((name) => !(name in fields()))).toEqual([
      'AnyOfField',
      'ArrayField',
      'LayoutGridField',
      'LayoutHeaderField',
      'LayoutMultiSchemaField',
      'OneOfField',
    ]);
    expect(Object.keys(fullTemplates()).filter((name) => !(name in templates()))).toEqual([
      'ArrayFieldDescriptionTemplate',
      'ArrayFieldItemTemplate',
      'ArrayFieldItemButtonsTemplate',
      'ArrayFieldTemplate',
      'ArrayFieldTitleTemplate',
      'GridTemplate',
      'MultiSchemaFieldTemplate',
    ]);
  });

  it("draws arrays with RJSF's ArrayField and its templates, from the form part that holds them", async () => {
    const { ARRAY_TEMPLATES } = await import('../src/form/parts/ArrayField');
    for (const [name, component] of Object.entries(ARRAY_TEMPLATES))
      expect(component, name).toBe((fullTemplates() as Record<string, unknown>)[name]);
    expect(Object.keys(ARRAY_TEMPLATES).sort()).toEqual(
      Object.keys(fullTemplates())
        .filter((name) => !(name in templates()) && !['GridTemplate', 'MultiSchemaFieldTemplate'].includes(name))
        .sort(),
    );
  });

  it.each(sections.map((s) => [s.name, s] as const))(
    "resolves every ui:widget of the %s form as RJSF's full registry does",
    (_name, { uiSchema }) => {
      for (const { at, value } of valuesOf(uiSchema, 'ui:widget'))
        for (const type of TYPES)
          expect(resolve(shipped, type, value), `${at} ui:widget ${value} (${type})`).toBe(resolve(full, type, value));
    },
  );

  it.each(sections.map((s) => [s.name, s] as const))(
    'draws every format of the %s schema with the widget RJSF would pick',
    (_name, { schema }) => {
      // StringField draws a format with its widget when the registry has one (else as text).
      for (const { at, value } of valuesOf(schema, 'format'))
        expect(resolve(shipped, 'string', value), `${at} format ${value}`).toBe(resolve(full, 'string', value));
    },
  );

  it.each(sections.map((s) => [s.name, s] as const))('names no field of the %s UI schema that it leaves out', (_name, { uiSchema }) => {
    for (const { at, value } of valuesOf(uiSchema, 'ui:field'))
      expect([...Object.keys(fields()), ...OUR_FIELDS], `${at} ui:field`).toContain(value);
  });

  it('sees the widgets the sections do name (the checks above are not vacuous)', () => {
    const named = new Set(sections.flatMap((s) => valuesOf(s.uiSchema, 'ui:widget').map((w) => w.value)));
    expect([...named]).toEqual(expect.arrayContaining(['toggle', 'select', 'textarea', 'uri', 'hidden', 'updown']));
    // A name RJSF's full registry draws and the build's does not is told apart.
    expect(resolve(shipped, 'string', 'date')).not.toBe(resolve(full, 'string', 'date'));
  });
});
