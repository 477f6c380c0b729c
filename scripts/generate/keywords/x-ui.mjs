// `x-ui`: hints for the settings forms, read by extract-ui.mjs into RJSF uiSchemas. An annotation: it generates no
// validation code, but Ajv checks its shape (metaSchema) so a misspelt hint fails generation like a misspelt keyword,
// and checkWidgets (run by load.mjs on every file) refuses a widget no form draws.

import { SchemaError } from '../lib/json.mjs';
import { walkSchema } from '../lib/schema-walk.mjs';

/**
 * The widget names a schema may write in `x-ui.widget`: the one list. The form engine's registry
 * (frontend/src/form/widgets/index.ts) is typed against it (generated/ui-schemas.d.ts' `WidgetName`), so a name here
 * without a widget there, or a widget there without a name here, fails the frontend's type check; a name in a schema
 * that is not here fails generation, not the form when it renders.
 */
export const WIDGETS = [
  'channel-select',
  'checklist',
  'colour',
  'date-time',
  'embed',
  'image-upload',
  'local-date',
  'local-date-time',
  'local-time',
  'member-select',
  'punishment-cards',
  'role-menu-options',
  'role-limits',
  'role-list',
  'role-select',
  'select',
  'textarea',
  'time-zone',
  'toggle',
  'updown',
  'uri',
  'user-list',
];

export default {
  keyword: 'x-ui',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      /** A widget of the form engine's registry: one of WIDGETS (checkWidgets). */
      widget: { type: 'string', minLength: 1 },
      /** Position among the sibling properties (ascending); unordered properties follow in authored order. */
      order: { type: 'integer' },
      help: { type: 'string' },
      placeholder: { type: 'string' },
      /** Labels of an enum's values, by value; every value needs one. */
      enumLabels: { type: 'object', additionalProperties: { type: 'string' } },
      /** Id of a group declared in the parent object's `groups`. */
      group: { type: 'string', minLength: 1 },
      /** On an object: the groups its properties may be placed in, in display order. */
      groups: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'title'],
          properties: { id: { type: 'string', minLength: 1 }, title: { type: 'string' }, description: { type: 'string' } },
        },
      },
      /**
       * Show the field only while each named sibling has the given value (or one of the given values). A name starting
       * with '/' is a JSON Pointer from the section's root instead (e.g. `/modules/anti_ban`).
       */
      visibleIf: { type: 'object', minProperties: 1 },
      /** Show the field in the row of another, named by JSON Pointer from the root (a module's punishment beside its switch). */
      beside: { type: 'string', minLength: 2 },
      /** On the root object: 'tabs' shows its groups as tabs, one at a time, instead of stacked panels. */
      layout: { enum: ['tabs'] },
      /** For textarea: visible rows. */
      rows: { type: 'integer', minimum: 1 },
      /** On the root object: the form offers 'Reset to defaults' (every field back to the schema's default; Save then stores them). */
      resettable: { type: 'boolean' },
      /** On the root object: the banner after a save (the spec's words for the page), instead of the generic one. */
      savedMessage: { type: 'string', minLength: 1 },
      /** On the root object: the title of the page's load failure (the spec's words, e.g. 'Failed to load ticket limits'). */
      loadErrorMessage: { type: 'string', minLength: 1 },
      /**
       * On the root object: the banner after a failed save, by what went wrong, instead of 'Error saving settings: {error}'.
       * `refused`: the server answered no and said why ({error} is its words); `unexplained`: it answered no without a
       * reason (else `refused` with the status); `unreachable`: no answer came ({error} is why).
       */
      saveErrorMessages: {
        type: 'object',
        additionalProperties: false,
        minProperties: 1,
        properties: {
          refused: { type: 'string', minLength: 1 },
          unexplained: { type: 'string', minLength: 1 },
          unreachable: { type: 'string', minLength: 1 },
        },
      },
      /**
       * On the root object: the page's Back button. 'previous' goes back in the browser's history; otherwise a path under
       * the guild's /manage/{guildId}/ (e.g. 'tickets', the Ticket System landing), checked by extract-ui.mjs.
       */
      back: { type: 'string', minLength: 1 },
      /** On the root object: seconds the page's notices stay (the spec's timing for the page), instead of 5. */
      noticeSeconds: { type: 'integer', minimum: 1, maximum: 60 },
      /** Keep the value but do not show the field. */
      hidden: { type: 'boolean' },
    },
  },
};

/** Refuses an `x-ui.widget` that is not one of WIDGETS, naming the file and place (a SchemaError). */
export function checkWidgets(schema, where) {
  walkSchema(schema, (node, pointer) => {
    const widget = node['x-ui']?.widget;
    if (typeof widget === 'string' && !WIDGETS.includes(widget)) {
      throw new SchemaError(`${where} at #${pointer}/x-ui/widget`, `unknown widget "${widget}"; the forms know ${WIDGETS.join(', ')}`);
    }
  });
}
