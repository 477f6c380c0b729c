// `x-reference`: what a Discord id of a settings document names in its guild: `{ "kind": "member" }` (a member),
// `{ "kind": "role" }` (with `"assignable": true` where members are given the role, which refuses a managed role or @everyone too), or
// either of role and member with `"belowCaller": true` (a caller who is not the guild's owner may save a new id only for a
// role below their highest role, or a member whose highest role is below theirs: x-messages `x-reference-above-caller`), or
// `{ "kind": "channel", "channelTypes": [...] }` with the Discord channel types the field takes (0 text, 2 voice,
// 4 category, 5 announcement...). An annotation: it generates no validation code, since only the guild knows its ids.
// The server's reference check (backend/src/references/) walks every written document with its schema and refuses an
// id the guild lacks, or a channel of another type, at the field's path, with the schema's x-messages `x-reference`
// and `x-reference-type` (`x-reference-assignable` for an assignable role); clone lists the ids the target lacks. The channel-select widget offers the same types
// (extract-ui.mjs copies them into `ui:options.channelTypes`), so the form and the server read one list.
// The types are Discord's (discord-api-types' ChannelType): a number that names no channel type fails generation.
import { ChannelType } from 'discord-api-types/v10';
import { isObject, SchemaError } from '../lib/json.mjs';
import { walkSchema } from '../lib/schema-walk.mjs';

const CHANNEL_TYPES = [...new Set(Object.values(ChannelType).filter((type) => typeof type === 'number'))].sort((a, b) => a - b);

export default {
  keyword: 'x-reference',
  schemaType: 'object',
  metaSchema: {
    oneOf: [
      {
        type: 'object',
        additionalProperties: false,
        required: ['kind'],
        // assignable: members are given the role (a role menu's option), so a managed role or @everyone is refused too.
        // belowCaller: a new id is taken only below the caller's highest role (Dashboard Access: nobody grants more than they have).
        properties: { kind: { const: 'role' }, assignable: { const: true }, belowCaller: { const: true } },
      },
      {
        // A member of the guild (a Dashboard Access grant to one person): the bot's member lookup says whether they are.
        type: 'object',
        additionalProperties: false,
        required: ['kind'],
        properties: { kind: { const: 'member' }, belowCaller: { const: true } },
      },
      {
        type: 'object',
        additionalProperties: false,
        required: ['kind', 'channelTypes'],
        properties: {
          kind: { const: 'channel' },
          channelTypes: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: CHANNEL_TYPES } },
        },
      },
    ],
  },
};

/** The messages a schema gives its reference check, in x-messages (checkReferenceMessages: the server has no others). */
export const REFERENCE_MESSAGE_KEYS = ['x-reference', 'x-reference-type', 'x-reference-assignable', 'x-reference-above-caller'];

/**
 * The words each kind of reference must give: an id this server lacks, for a channel one of another type, and for a
 * role members are given (`assignable`) a managed role or @everyone.
 */
const REQUIRED_MESSAGES = { role: ['x-reference'], member: ['x-reference'], channel: ['x-reference', 'x-reference-type'] };
const requiredMessages = (rule) => [
  ...(REQUIRED_MESSAGES[rule.kind] ?? []),
  ...(rule.assignable ? ['x-reference-assignable'] : []),
  ...(rule.belowCaller ? ['x-reference-above-caller'] : []),
];

/**
 * Refuses a schema that marks an id with `x-reference` without its words in the same schema's `x-messages`
 * (`x-reference`; a channel's `x-reference-type` too, an assignable role's `x-reference-assignable`): the server says
 * only the schema's words, so none are made up in code (a use may still word them its own way beside its `$ref`). Run by index.mjs on every file after load.
 */
export function checkReferenceMessages(files) {
  for (const file of files) {
    walkSchema(file.schema, (node, pointer) => {
      const rule = node['x-reference'];
      if (!isObject(rule)) return; // its shape is the metaSchema's to refuse, when the schemas compile
      const messages = isObject(node['x-messages']) ? node['x-messages'] : {};
      const missing = requiredMessages(rule).filter((key) => typeof messages[key] !== 'string');
      if (missing.length)
        throw new SchemaError(
          `${file.rel} at #${pointer}`,
          `a ${rule.kind} reference needs x-messages ${missing.map((key) => `"${key}"`).join(' and ')} beside it: the reference check says the schema's words, and no others`,
        );
    });
  }
}
