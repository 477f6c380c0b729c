// `x-messages`: the user-facing message for each failing keyword of this schema, e.g.
// { "maxLength": "Prefix must be 1 to 5 characters" }; "*" covers any other keyword of the same schema.
// An annotation: validators are compiled with `verbose: true`, so every Ajv error carries its `parentSchema`, and
// generated/field-errors.js reads the message from there (in the browser and on the server alike). Placeholders
// such as {name} (the offending property) or {limit} are filled from the error, {maxLength}, {minimum}... from the
// schema; checkMessages (run by load.mjs on every file) refuses a message that spells such a limit literally.

import { escapePointerToken, isObject, SchemaError } from '../lib/json.mjs';
import { walkSchema } from '../lib/schema-walk.mjs';

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

/**
 * Limit keywords: a message of a schema that has one takes its number from the schema, as `{limit}` (the failing
 * keyword's own, in that keyword's message) or `{<keyword>}` (any limit of the same schema, e.g. "between {minimum}
 * and {maximum}"). generated/field-errors.js fills both, and keeps the same list.
 */
export const LIMIT_KEYWORDS = [
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'minContains',
  'maxContains',
  // Ours (keywords/): a number the data must stay within, reported as params.limit like the ones above.
  'discord-embed-total',
  'max-per-value',
];

/**
 * The house rule JSON Schema cannot express: a message never restates a limit of its schema (it would go stale when
 * the limit changes), and a limit placeholder names something the error will have.
 * @param {object} node a schema object with `x-messages`
 * @returns {string | null} what is wrong with the message for `keyword`, or null
 */
export function messageProblem(node, keyword, message) {
  for (const limit of LIMIT_KEYWORDS) {
    const value = node[limit];
    if (typeof value !== 'number') continue;
    const digits = String(value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`(?<![\\d.])${digits}(?!\\.?\\d)`).test(message)) {
      const placeholder = keyword === limit ? '{limit}' : `{${limit}}`;
      return `"${message}" spells the ${limit} ${value} literally; write ${placeholder} so the message follows the schema`;
    }
  }
  for (const [, name] of message.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)) {
    if (name === 'limit' && !LIMIT_KEYWORDS.includes(keyword)) {
      return `"${message}": {limit} is filled only in a limit keyword's message, not "${keyword}"'s; name the keyword ({maxLength}, {minimum}...)`;
    }
    if (LIMIT_KEYWORDS.includes(name) && typeof node[name] !== 'number') {
      return `"${message}": {${name}} names a keyword this schema does not have`;
    }
  }
  return null;
}

/** Checks every x-messages of a schema (messageProblem); throws a SchemaError naming the file and place. */
export function checkMessages(schema, where) {
  walkSchema(schema, (node, pointer) => {
    const messages = node['x-messages'];
    if (!isObject(messages)) return;
    for (const [keyword, message] of Object.entries(messages)) {
      const problem = typeof message === 'string' ? messageProblem(node, keyword, message) : null;
      if (problem) throw new SchemaError(`${where} at #${pointer}/x-messages/${escapePointerToken(keyword)}`, problem);
    }
  });
}
