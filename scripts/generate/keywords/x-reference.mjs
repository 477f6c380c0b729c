// `x-reference`: what a Discord id of a settings document names in its guild: `{ "kind": "role" }`, or
// `{ "kind": "channel", "channelTypes": [...] }` with the Discord channel types the field takes (0 text, 2 voice,
// 4 category, 5 announcement...). An annotation: it generates no validation code, since only the guild knows its ids.
// The server's reference check (backend/src/references/) walks every written document with its schema and refuses an
// id the guild lacks, or a channel of another type, at the field's path, with the schema's x-messages `x-reference`
// and `x-reference-type`; clone lists the ids the target lacks. The channel-select widget offers the same types
// (extract-ui.mjs copies them into `ui:options.channelTypes`), so the form and the server read one list.
// The types are Discord's (discord-api-types' ChannelType): a number that names no channel type fails generation.
import { ChannelType } from 'discord-api-types/v10';

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
        properties: { kind: { const: 'role' }, assignable: { const: true } },
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

/** The messages a schema may give its reference check, in x-messages (the server fills in its defaults otherwise). */
export const REFERENCE_MESSAGE_KEYS = ['x-reference', 'x-reference-type', 'x-reference-assignable'];
