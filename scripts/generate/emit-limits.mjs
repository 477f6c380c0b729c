// Step 8c, emit limits: `limits.js` (+ .d.ts), the numbers of our limit keywords that code needs beside the validator
// (the embed builder's counter 'Total characters: n/6000', a panel deploy's refusal), read from the schemas so that
// no one writes them again. A module of plain constants with no import: a page takes a few bytes, not a schema JSON
// (importing discord-message.json's schema for its 6000 put 10.7 KB into the embed builder's chunk).
// A keyword given in several places must say the same number everywhere, and at least once: else generation fails.

import discordEmbedTotal from './keywords/discord-embed-total.mjs';
import { literal } from './emit-modules.mjs';
import { SchemaError } from './lib/json.mjs';
import { walkSchema } from './lib/schema-walk.mjs';

/** Each constant of limits.js: its name in code, the keyword whose value it is, and what it is. */
export const LIMIT_CONSTANTS = [
  {
    name: 'EMBED_TOTAL_LIMIT',
    keyword: discordEmbedTotal.keyword,
    about: "Discord's limit over all embeds of one message (titles, descriptions, field names and values, footers, author names)",
  },
];

/** @returns {Record<string, string>} limits.js and limits.d.ts */
export function emitLimits(catalog) {
  const values = LIMIT_CONSTANTS.map((constant) => ({ ...constant, ...valueOf(catalog, constant.keyword) }));
  return {
    'limits.js': values
      .map(
        ({ name, keyword, about, value, where }) => `/** ${about}: ${keyword} in ${where}. */\nexport const ${name} = ${literal(value)};`,
      )
      .join('\n'),
    'limits.d.ts': values
      .map(
        ({ name, keyword, about, value, where }) =>
          `/** ${about}: ${keyword} in ${where}. */\nexport declare const ${name}: ${literal(value)};`,
      )
      .join('\n'),
  };
}

/** The one value `keyword` has across the schemas, and where it is given (the first place, in file order). */
function valueOf(catalog, keyword) {
  const places = [];
  for (const file of catalog.files) {
    walkSchema(file.schema, (node, pointer) => {
      if (Object.hasOwn(node, keyword)) places.push({ where: `schemas/${file.rel} at #${pointer}`, value: node[keyword] });
    });
  }
  if (places.length === 0) throw new SchemaError('limits.js', `no schema gives ${keyword}, whose value limits.js exports`);
  const [first] = places;
  const other = places.find((place) => place.value !== first.value);
  if (other)
    throw new SchemaError(
      other.where.replace(/^schemas\//, ''),
      `${keyword} is ${literal(other.value)} here but ${literal(first.value)} in ${first.where}: limits.js exports one value, so the schemas must agree`,
    );
  return { value: first.value, where: first.where.replace(/ at #$/, '') };
}
