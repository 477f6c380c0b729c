// Discord's knowledge is written once, in common/src/discord/ (built on discord-api-types; the id pattern comes from
// schemas/common/snowflake.json). This rule refuses the two copies that used to creep in elsewhere:
// (a) a snowflake digit quantifier (`{17,20}`, `{17,19}`, `{18,`...) in a regex literal, a string or a template, and
// (b) one of Discord's JSON error codes (discord-api-types' RESTJSONErrorCodes, from 10001 up) written as a number
//     where code reads it: compared, a `case`, an object's key, or an element of a list.
// Sample ids ('123456789012345678') are data, not patterns: they contain no quantifier and are never reported.
import { RESTJSONErrorCodes } from 'discord-api-types/v10';

/** A digit class counted as a snowflake's digits: `[0-9]{17,` or `\d{17,` (`{16,` to `{19,`); `\S{16,}` is no id. */
const SNOWFLAKE_QUANTIFIER = /(?:\\d|\[0-9\])\{1[6-9],/;

/** Discord's JSON error codes; 0 ("General error") and small numbers are ordinary numbers everywhere else. */
const ERROR_CODES = new Set(Object.values(RESTJSONErrorCodes).filter((code) => typeof code === 'number' && code >= 10001));

const COMPARISONS = new Set(['===', '!==', '==', '!=']);

/** Whether a number literal sits where code reads it as a value to match, not as a quantity. */
function readsAsCode(node) {
  const parent = node.parent;
  switch (parent?.type) {
    case 'BinaryExpression':
      return COMPARISONS.has(parent.operator);
    case 'SwitchCase':
      return parent.test === node;
    case 'Property':
      return parent.key === node;
    case 'ArrayExpression':
      return true;
    default:
      return false;
  }
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Discord id patterns and error codes come from common/src/discord/, never a copy' },
    schema: [],
    messages: {
      snowflake:
        "A Discord id pattern written by hand: import SNOWFLAKE or SNOWFLAKE_DIGITS from '@guildhall/common/discord/ids' (in a schema, $ref common/snowflake.json).",
      errorCode:
        "Discord's error code {{code}} written as a number: use DiscordErrorCode.{{name}} from '@guildhall/common/discord/errors'.",
    },
  },
  create(context) {
    const checkText = (node, text) => {
      if (typeof text === 'string' && SNOWFLAKE_QUANTIFIER.test(text)) context.report({ node, messageId: 'snowflake' });
    };
    return {
      Literal(node) {
        if (node.regex) return checkText(node, node.regex.pattern);
        if (typeof node.value === 'string') return checkText(node, node.value);
        if (typeof node.value === 'number' && ERROR_CODES.has(node.value) && readsAsCode(node))
          context.report({ node, messageId: 'errorCode', data: { code: String(node.value), name: RESTJSONErrorCodes[node.value] } });
      },
      TemplateElement(node) {
        checkText(node, node.value.raw);
      },
    };
  },
};
