// `discord-embed-total`: 6000 on a message object: the characters of all its embeds together (titles, descriptions,
// field names and values, footer texts, author names) stay within the number. Discord refuses a bigger message even
// when every part is within its own maxLength, so the form must say so before a send, and the server the same.
// Counts code points, exactly as common/src/embed-message.ts's messageCharacters (an emoji is 1, as in maxLength).
// A limit keyword (x-messages.mjs LIMIT_KEYWORDS): its message says {limit}, filled from params.limit. The error
// points at the message's `embeds` (params.fieldPointer), where the form shows it.

import ajv from 'ajv';

const { _ } = ajv;

export default {
  keyword: 'discord-embed-total',
  type: 'object',
  schemaType: 'number',
  metaSchema: { type: 'integer', minimum: 1 },
  error: {
    message: 'embeds must hold at most the total number of characters',
    params: ({ schema, params }) => _`{limit: ${schema}, total: ${params.total}, fieldPointer: "/embeds"}`,
  },
  code(cxt) {
    const { gen, data, schema } = cxt;
    // Inline (no runtime helper), so the standalone module needs no import: Array.from walks code points.
    const count = gen.const('count', _`(text) => (typeof text == "string" ? Array.from(text).length : 0)`);
    const total = gen.let('total', 0);
    const embeds = gen.const('embeds', _`Array.isArray(${data}.embeds) ? ${data}.embeds : []`);
    gen.forOf('embed', embeds, (embed) =>
      gen.if(_`${embed} != null && typeof ${embed} == "object"`, () => {
        gen.assign(total, _`${total} + ${count}(${embed}.title) + ${count}(${embed}.description)`);
        gen.if(_`${embed}.author != null && typeof ${embed}.author == "object"`, () =>
          gen.assign(total, _`${total} + ${count}(${embed}.author.name)`),
        );
        gen.if(_`${embed}.footer != null && typeof ${embed}.footer == "object"`, () =>
          gen.assign(total, _`${total} + ${count}(${embed}.footer.text)`),
        );
        gen.if(_`Array.isArray(${embed}.fields)`, () =>
          gen.forOf('field', _`${embed}.fields`, (field) =>
            gen.if(_`${field} != null && typeof ${field} == "object"`, () =>
              gen.assign(total, _`${total} + ${count}(${field}.name) + ${count}(${field}.value)`),
            ),
          ),
        );
      }),
    );
    gen.if(_`${total} > ${schema}`, () => cxt.error(true, { total }));
  },
};
