// `max-per-value`: { "key": "row", "max": 5 } on an array of objects: at most `max` items share one value of `key`
// (a message holds rows of at most 5 buttons). JSON Schema's maxContains counts matches of one fixed schema, and its
// errors name every item that does not match; this names the first item over the limit, at its `key`
// (params.fieldPointer, relative to the array). A limit keyword (x-messages.mjs LIMIT_KEYWORDS): its message says
// {limit}, filled from params.limit.

import ajv from 'ajv';
import { escapePointerToken } from '../lib/json.mjs';

const { _ } = ajv;

export default {
  keyword: 'max-per-value',
  type: 'array',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['key', 'max'],
    properties: {
      key: { type: 'string', minLength: 1 },
      max: { type: 'integer', minimum: 1 },
    },
  },
  error: {
    message: 'must not hold more items with one value than its limit',
    params: ({ params }) => _`{fieldPointer: ${params.fieldPointer}, limit: ${params.limit}}`,
  },
  code(cxt) {
    const { gen, data, schema } = cxt;
    const counts = gen.const('counts', _`new Map()`);
    const reported = gen.let('reported', false);
    gen.forRange('i', 0, _`${data}.length`, (i) => {
      const value = gen.const('value', _`${data}[${i}] && typeof ${data}[${i}] == "object" ? ${data}[${i}][${schema.key}] : undefined`);
      gen.if(_`${value} !== undefined && !${reported}`, () => {
        const count = gen.const('count', _`(${counts}.get(${value}) || 0) + 1`);
        gen.code(_`${counts}.set(${value}, ${count});`);
        gen.if(_`${count} > ${schema.max}`, () => {
          gen.assign(reported, true);
          const pointer = _`"/" + ${i} + ${`/${escapePointerToken(schema.key)}`}`;
          cxt.error(true, { fieldPointer: pointer, limit: schema.max });
        });
      });
    });
  },
};
