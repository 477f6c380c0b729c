// `not-above`: { "property": "min_values", "limit": "max_values" } on an object: when both are numbers, `property`
// may not be greater than `limit` (a select menu's minimum choices may not exceed its maximum). JSON Schema compares a
// value with constants only ($data stays off), so the pair is one keyword. The error points at `property`
// (params.fieldPointer, relative to the object), where the form shows it.

import ajv from 'ajv';
import { escapePointerToken } from '../lib/json.mjs';

const { _ } = ajv;

export default {
  keyword: 'not-above',
  type: 'object',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['property', 'limit'],
    properties: {
      property: { type: 'string', minLength: 1 },
      limit: { type: 'string', minLength: 1 },
    },
  },
  error: {
    message: 'must not be greater than its limit',
    params: ({ params }) => _`{fieldPointer: ${params.fieldPointer}}`,
  },
  code(cxt) {
    const { gen, data, schema, parentSchema } = cxt;
    const value = gen.const('value', _`${data}[${schema.property}]`);
    const limit = gen.const('limit', _`${data}[${schema.limit}]`);
    // A value past its own maximum is refused there, in its own words: one error per field, not two.
    const ownMaximum = parentSchema.properties?.[schema.property]?.maximum;
    const within = typeof ownMaximum === 'number' ? _` && ${value} <= ${ownMaximum}` : _``;
    gen.if(_`typeof ${value} == "number" && typeof ${limit} == "number" && ${value} > ${limit}${within}`, () => {
      cxt.error(true, { fieldPointer: `/${escapePointerToken(schema.property)}` });
    });
  },
};
