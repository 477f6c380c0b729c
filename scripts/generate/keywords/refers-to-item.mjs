// `refers-to-item`: { "defaultOpen": { "list": "open", "key": "id" } } on an object: a property that names an item of
// a sibling list (a default ticket category) names one that is there; null or absent names none. Without it a
// document could star a category its list no longer holds. The error points at the property (params.fieldPointer).

import ajv from 'ajv';
import { escapePointerToken } from '../lib/json.mjs';

const { _ } = ajv;

export default {
  keyword: 'refers-to-item',
  type: 'object',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    minProperties: 1,
    additionalProperties: {
      type: 'object',
      additionalProperties: false,
      required: ['list', 'key'],
      properties: { list: { type: 'string', minLength: 1 }, key: { type: 'string', minLength: 1 } },
    },
  },
  error: {
    message: 'must name an item of its list',
    params: ({ params }) => _`{fieldPointer: ${params.fieldPointer}, value: ${params.value}}`,
  },
  code(cxt) {
    const { gen, data, schema } = cxt;
    for (const [property, { list, key }] of Object.entries(schema)) {
      const value = gen.const('value', _`${data}[${property}]`);
      const items = gen.const('items', _`${data}[${list}]`);
      const listed = _`Array.isArray(${items}) && ${items}.some((item) => item != null && item[${key}] === ${value})`;
      gen.if(_`typeof ${value} == "string" && !(${listed})`, () =>
        cxt.error(true, { fieldPointer: _`${`/${escapePointerToken(property)}`}`, value }),
      );
    }
  },
};
