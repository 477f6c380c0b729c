// `discord-embed-total`: 6000 on a message's list of embeds: the characters of all the embeds together (titles, descriptions,
// field names and values, footer texts, author names) stay within the number. Discord refuses a bigger message even
// when every part is within its own maxLength, so the form must say so before a send, and the server the same.
// Counts code points, exactly as common/src/embed-message.ts's messageCharacters (an emoji is 1, as in maxLength).
// A limit keyword (x-messages.mjs LIMIT_KEYWORDS): its message says {limit}, filled from params.limit. It sits on the
// list rather than the message so that a request that $refs discord-message.json#/properties/embeds (send-channel's
// body adds guildId and channelId) keeps the rule, and its error points at the list (`/embeds`).
// Code that shows or checks the number beside the validator (the embed builder's counter, a panel deploy) imports it
// as EMBED_TOTAL_LIMIT from generated/limits.js, which emit-limits.mjs reads from the schemas.

import ajv from 'ajv';

const { _ } = ajv;

export default {
  keyword: 'discord-embed-total',
  type: 'array',
  schemaType: 'number',
  metaSchema: { type: 'integer', minimum: 1 },
  error: {
    message: 'embeds must hold at most the total number of characters',
    params: ({ schema, params }) => _`{limit: ${schema}, total: ${params.total}}`,
  },
  code(cxt) {
    const { gen, data, schema } = cxt;
    // Inline (no runtime helper), so the standalone module needs no import: Array.from walks code points.
    const count = gen.const('count', _`(text) => (typeof text == "string" ? Array.from(text).length : 0)`);
    const total = gen.let('total', 0);
    gen.forOf('embed', data, (embed) =>
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
