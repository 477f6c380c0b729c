// `distinct-across`: { "lists": ["open", "closed"], "key": "id" } on an object: an item's `key` appears at most once
// across those array properties (a ticket category is open or closed, never both, never twice). JSON Schema's
// uniqueItems compares whole items within one array; this compares one property across several arrays.
// The error names the repeated item's key (params.fieldPointer, relative to the object), so the 400 points at it.

import ajv from 'ajv';
import { escapePointerToken } from '../lib/json.mjs';

const { _ } = ajv;

export default {
  keyword: 'distinct-across',
  type: 'object',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['lists', 'key'],
    properties: {
      lists: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } },
      key: { type: 'string', minLength: 1 },
    },
  },
  error: {
    message: 'must not list the same item twice',
    params: ({ params }) => _`{fieldPointer: ${params.fieldPointer}, value: ${params.value}}`,
  },
  code(cxt) {
    const { gen, data, schema } = cxt;
    const seen = gen.const('seen', _`new Set()`);
    for (const list of schema.lists) {
      const items = gen.const('items', _`${data}[${list}]`);
      gen.if(_`Array.isArray(${items})`, () => {
        gen.forRange('i', 0, _`${items}.length`, (i) => {
          const value = gen.const('value', _`${items}[${i}] && ${items}[${i}][${schema.key}]`);
          gen.if(_`typeof ${value} == "string"`, () => {
            gen.if(
              _`${seen}.has(${value})`,
              () => {
                const pointer = _`${`/${escapePointerToken(list)}/`} + ${i} + ${`/${escapePointerToken(schema.key)}`}`;
                cxt.error(true, { fieldPointer: pointer, value });
              },
              () => gen.code(_`${seen}.add(${value});`),
            );
          });
        });
      });
    }
  },
};
