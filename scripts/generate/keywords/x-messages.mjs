// `x-messages`: the user-facing message for each failing keyword of this schema, e.g.
// { "maxLength": "Prefix must be 1 to 5 characters" }; "*" covers any other keyword of the same schema.
// An annotation: validators are compiled with `verbose: true`, so every Ajv error carries its `parentSchema`, and
// generated/field-errors.js reads the message from there (in the browser and on the server alike). Placeholders
// such as {name} (the offending property) or {limit} are filled from the error.

/** Keywords of draft 2020-12 that can fail, plus "*". */
export const MESSAGE_KEYWORDS = [
  '*',
  'type',
  'enum',
  'const',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'required',
  'additionalProperties',
  'dependentRequired',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'minItems',
  'maxItems',
  'uniqueItems',
  'contains',
  'minContains',
  'maxContains',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'unevaluatedProperties',
  'unevaluatedItems',
];

/** @param {string[]} customKeywords our own validation keywords (keywords/index.mjs), which may have messages too */
export default function xMessages(customKeywords = []) {
  return {
    keyword: 'x-messages',
    schemaType: 'object',
    metaSchema: {
      type: 'object',
      minProperties: 1,
      // A misspelt keyword name here would silently never match an error: reject it.
      propertyNames: { enum: [...MESSAGE_KEYWORDS, ...customKeywords] },
      additionalProperties: { type: 'string', minLength: 1 },
    },
  };
}
