// `x-reference`: what a Discord id of a settings document names in its guild, `channel` or `role`. An annotation: it
// generates no validation code. Clone (backend/src/transfer/references.ts) walks a document with its schema and
// finds every id so marked (a value, a list item, or a map's keys under `propertyNames`), so the references another
// guild lacks are listed for the user to map or clear, and a new field is covered by marking it, not by a list of names.

export default {
  keyword: 'x-reference',
  schemaType: 'string',
  metaSchema: { enum: ['channel', 'role'] },
};
