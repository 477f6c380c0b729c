// The builder's state: the message text, 1 to 10 embeds and which one is being edited. One
// reducer, so every handler is the stable `dispatch` and an edit replaces only the embed (and field) it touches: the
// previews and field rows of the other embeds keep their identity and are not drawn again (keystroke-to-paint).
import { validateWith } from '@guildhall/generated/field-errors';
import discordEmbedFile from '@guildhall/generated/schema.discord-embed.json';
import discordMessageFile from '@guildhall/generated/schema.discord-message.json';
import type { DiscordEmbed } from '@guildhall/generated/types';
import { validateDiscordMessage } from '@guildhall/generated/validators/discord-message.js';
import { schemaField, schemaMessage } from '../../../components/embed-editor';

const SCHEMAS = { 'discord-embed': discordEmbedFile.schema, 'discord-message': discordMessageFile.schema };

/** A limit of the published schemas by property path ('author.name', 'fields.items.value'): never typed twice. */
function limit(schemaName: keyof typeof SCHEMAS, path: string, key: 'maxLength' | 'maxItems'): number {
  const value = schemaField(SCHEMAS[schemaName], path)[key];
  if (value === undefined) throw new Error(`embed builder: ${schemaName} ${path} has no ${key}`);
  return value;
}

export const LIMITS = {
  content: limit('discord-message', 'content', 'maxLength'),
  embeds: limit('discord-message', 'embeds', 'maxItems'),
  title: limit('discord-embed', 'title', 'maxLength'),
  description: limit('discord-embed', 'description', 'maxLength'),
  authorName: limit('discord-embed', 'author.name', 'maxLength'),
  fields: limit('discord-embed', 'fields', 'maxItems'),
  fieldName: limit('discord-embed', 'fields.items.name', 'maxLength'),
  fieldValue: limit('discord-embed', 'fields.items.value', 'maxLength'),
  footer: limit('discord-embed', 'footer.text', 'maxLength'),
};

/** The schema's words when an embed has all the fields it may hold (said beside the disabled Add Field). */
export const FIELD_LIMIT_MESSAGE = schemaMessage(SCHEMAS['discord-embed'], 'fields', 'maxItems');

/** The schema's words for a link or image of an embed that is not a URL ('author.icon_url'...), as typed. */
export const invalidUrlMessage = (path: EmbedPath): string => schemaMessage(SCHEMAS['discord-embed'], path, 'pattern');

/** The builder's swatches, in the spec's order. */
export const SWATCHES = [
  '#5865F2',
  '#57F287',
  '#FEE75C',
  '#EB459E',
  '#ED4245',
  '#FFFFFF',
  '#000000',
  '#738ADB',
  '#43B581',
  '#FAA61A',
  '#9B59B6',
] as const;

export const DEFAULT_CONTENT = 'Welcome to our server! 👋 Take a look at what our bot can do for you below.';

const AVATAR = 'https://cdn.discordapp.com/embed/avatars/0.png';

export function emptyEmbed(color = '#5865F2'): DiscordEmbed {
  return {
    title: '',
    description: '',
    url: '',
    color,
    timestamp: null,
    author: { name: '', url: '', icon_url: '' },
    fields: [],
    thumbnail: { url: '' },
    image: { url: '' },
    footer: { text: '', icon_url: '' },
  };
}

/** The two embeds a fresh builder (and every reset) starts from. */
export function defaultEmbeds(): DiscordEmbed[] {
  return [
    {
      ...emptyEmbed('#5865F2'),
      title: 'About the bot',
      description:
        'A multipurpose bot for your community: protection, tickets, welcome messages, levels and more.\n\nUse **markdown** to style your text.',
      author: { name: 'Guildhall Bot', url: '', icon_url: AVATAR },
      thumbnail: { url: AVATAR },
      footer: { text: 'Made with the Guildhall embed builder', icon_url: AVATAR },
    },
    {
      ...emptyEmbed('#57F287'),
      title: 'Key Features',
      description: 'Everything you need to run your server.',
      fields: [
        { name: 'Protection', value: 'AntiNuke and auto-moderation', inline: true },
        { name: 'Tickets', value: 'Panels, limits and transcripts', inline: true },
        { name: 'Welcome', value: 'Greetings and join DMs', inline: true },
        { name: 'Levels', value: 'Reward active members', inline: true },
        { name: 'Reaction Roles', value: 'Let members pick roles', inline: true },
        { name: 'Embeds', value: 'Design rich messages like this one', inline: true },
      ],
      image: { url: 'https://cdn.discordapp.com/embed/avatars/1.png' },
    },
  ];
}

export interface BuilderState {
  content: string;
  embeds: DiscordEmbed[];
  active: number;
}

export const initialState = (): BuilderState => ({ content: DEFAULT_CONTENT, embeds: defaultEmbeds(), active: 0 });

/** The keys of T whose value is text (a colour included). */
type TextKey<T> = { [K in keyof T]-?: Exclude<T[K], undefined> extends string ? K : never }[keyof T];
/** The keys of T whose value is an object of its own (author, footer...), not a list. */
type PartKey<T> = { [K in keyof T]-?: T[K] extends readonly unknown[] ? never : T[K] extends object ? K : never }[keyof T];

/**
 * A text or URL property of an embed, written 'title' or 'author.name' (one handler serves every input): read from the
 * generated DiscordEmbed (schemas/common/discord-embed.json), so a property the schema gains or renames is here too.
 */
export type EmbedPath =
  TextKey<DiscordEmbed> | { [K in PartKey<DiscordEmbed>]: `${K}.${TextKey<DiscordEmbed[K]> & string}` }[PartKey<DiscordEmbed>];

/** One field of an embed, as the schema has it. */
export type EmbedField = DiscordEmbed['fields'][number];
/** One property of a field, to change it alone. */
export type FieldPart = { [K in keyof EmbedField]: Pick<EmbedField, K> }[keyof EmbedField];

export type BuilderAction =
  | { type: 'content'; value: string }
  | { type: 'set'; path: EmbedPath; value: string }
  | { type: 'timestamp'; value: string | null }
  | { type: 'select'; index: number }
  | { type: 'add-embed' }
  | { type: 'remove-embed'; index: number }
  | { type: 'add-field'; field: EmbedField }
  | { type: 'change-field'; index: number; part: FieldPart }
  | { type: 'remove-field'; index: number }
  | { type: 'replace'; content: string; embeds: DiscordEmbed[] };

function patchActive(state: BuilderState, change: (embed: DiscordEmbed) => DiscordEmbed): BuilderState {
  const embeds = state.embeds.slice();
  embeds[state.active] = change(embeds[state.active]!);
  return { ...state, embeds };
}

export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  switch (action.type) {
    case 'content':
      return { ...state, content: action.value };
    case 'set': {
      const [outer, inner] = action.path.split('.') as [keyof DiscordEmbed, string | undefined];
      return patchActive(state, (embed) =>
        inner ? { ...embed, [outer]: { ...(embed[outer] as object), [inner]: action.value } } : { ...embed, [outer]: action.value },
      );
    }
    case 'timestamp':
      return patchActive(state, (embed) => ({ ...embed, timestamp: action.value }));
    case 'select':
      return action.index >= 0 && action.index < state.embeds.length ? { ...state, active: action.index } : state;
    case 'add-embed':
      // Adding selects the new one; Add is refused at the schema's 10.
      if (state.embeds.length >= LIMITS.embeds) return state;
      return { ...state, embeds: [...state.embeds, emptyEmbed()], active: state.embeds.length };
    case 'remove-embed': {
      if (state.embeds.length <= 1 || action.index < 0 || action.index >= state.embeds.length) return state;
      const embeds = state.embeds.filter((_, i) => i !== action.index);
      // The selection moves to the previous embed (the first stays the first).
      const active = action.index <= state.active ? Math.max(0, state.active - 1) : state.active;
      return { ...state, embeds, active: Math.min(active, embeds.length - 1) };
    }
    case 'add-field': {
      const { name, value } = action.field;
      const fields = state.embeds[state.active]!.fields ?? [];
      if (!name.trim() || !value.trim() || fields.length >= LIMITS.fields) return state;
      return patchActive(state, (embed) => ({ ...embed, fields: [...fields, action.field] }));
    }
    case 'change-field':
      return patchActive(state, (embed) => ({
        ...embed,
        fields: (embed.fields ?? []).map((f, i) => (i === action.index ? { ...f, ...action.part } : f)),
      }));
    case 'remove-field':
      return patchActive(state, (embed) => ({ ...embed, fields: (embed.fields ?? []).filter((_, i) => i !== action.index) }));
    case 'replace':
      return { content: action.content, embeds: action.embeds.length ? action.embeds : defaultEmbeds(), active: 0 };
  }
}

/** JSON Pointer -> message, from the generated validator of discord-message.json (the server runs the same one). */
export type MessageErrors = Readonly<Record<string, string>>;

export function validateMessage(content: string, embeds: readonly DiscordEmbed[]): MessageErrors {
  const result = validateWith(validateDiscordMessage, { content, embeds });
  if (result.ok) return {};
  const errors: Record<string, string> = {};
  for (const { path, message } of result.fieldErrors) errors[path] ??= message;
  return errors;
}
