// A ticket panel as the editors hold it: the collection's defaults, what the client may send, the checks the schema
// makes (the same validator the server runs), and the previews drawn from common/'s message builders.
import { openMessage, panelMessage, type PanelMessage } from '@guildhall/common/ticket-panel';
import * as panels from '@guildhall/generated/collections/panels.js';
import type { GuildhallClient } from '@guildhall/generated/client';
import { validateWith } from '@guildhall/generated/field-errors';
import type { TicketPanel } from '@guildhall/generated/types';

/** The panel's published schema (the panels collection's module: its schema, defaults and validator, nothing else). */
export const PANEL_SCHEMA = panels.schema;

/** One panel as the collection API answers it (the generated client's entry, without the envelope's `success`). */
export type PanelEntry = Omit<Awaited<ReturnType<GuildhallClient['getTicketPanel']>>, 'success'>;

/** A panel being edited: every property, channel_id empty until one is chosen. */
export type PanelDraft = Omit<TicketPanel, 'channel_id'> & { channel_id: string };

const SERVER_OWNED = panels.serverOwned;

/** A new panel: the schema's defaults (Reset to defaults gives the same). */
export function defaultPanel(): PanelDraft {
  return { ...(structuredClone(panels.defaults) as Omit<PanelDraft, 'channel_id'>), channel_id: '' };
}

export function draftOf(item: TicketPanel): PanelDraft {
  return { ...defaultPanel(), ...structuredClone(item) };
}

/** What is sent: the server-owned properties left out (the server ignores them anyway), no empty channel. */
export function itemToSend(draft: PanelDraft): Partial<TicketPanel> {
  const item: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(draft)) if (!SERVER_OWNED.includes(key)) item[key] = value;
  if (!draft.channel_id) delete item.channel_id;
  return item as Partial<TicketPanel>;
}

/** The editor's own words when Deploy is pressed without a channel (the server, and the list, say the schema's). */
export const CHANNEL_REQUIRED_TO_DEPLOY = 'Please select a channel before deploying';

/** Field errors by property (`title`, `channel_id`...). */
export type PanelErrors = Partial<Record<string, string>>;

/**
 * The panel's schema checks, with the generated validator the server also runs, so both say the same words. The
 * first message per property is kept; paths are the schema's (/title) or the server's (/item/title).
 */
export function validatePanel(draft: PanelDraft): PanelErrors {
  const result = validateWith(panels.validate, itemToSend(draft));
  return result.ok ? {} : errorsByField(result.fieldErrors);
}

export function errorsByField(fieldErrors: readonly { path: string; message: string }[]): PanelErrors {
  const errors: PanelErrors = {};
  for (const { path, message } of fieldErrors) {
    const field = path.replace(/^\/item/, '').split('/')[1] || 'channel_id';
    errors[field] ??= message;
  }
  return errors;
}

/** The message a ticket opens with: its properties, which both lists below hold. */
const OPEN_MESSAGE_FIELDS = [
  'open_title',
  'open_description',
  'open_color',
  'open_footer',
  'open_footerIcon',
  'open_image',
  'open_thumbnail',
] as const satisfies readonly (keyof PanelDraft)[];

/** The properties whose change starts the auto-save timer: what the panel and the open message show. */
export const AUTO_SAVE_FIELDS: readonly (keyof PanelDraft)[] = [
  'title',
  'description',
  'color',
  'button_label',
  'button_emoji',
  'channel_id',
  ...OPEN_MESSAGE_FIELDS,
];

/** The advanced editor's properties: everything it edits and Save merges back (never id, channel or the server's). */
export const EMBED_FIELDS = [
  'title',
  'description',
  'color',
  'footer',
  'footerIcon',
  'image',
  'thumbnail',
  'button_label',
  'button_emoji',
  'close_button',
  'close_button_label',
  'close_button_emoji',
  ...OPEN_MESSAGE_FIELDS,
] as const satisfies readonly (keyof PanelDraft)[];
export type EmbedField = (typeof EMBED_FIELDS)[number];
export type EmbedValues = Pick<PanelDraft, EmbedField>;

export function embedValuesOf(draft: PanelDraft): EmbedValues {
  return Object.fromEntries(EMBED_FIELDS.map((key) => [key, draft[key]])) as EmbedValues;
}

// The spec's preview fallbacks: what a preview shows while a field is empty (the posted message leaves it out).
export const PREVIEW_FALLBACK = {
  title: 'Create Support Ticket',
  description: 'Click the button below to create a support ticket',
  color: '#068ADD',
  botName: 'Discord Bot',
} as const;

const HEX = /^#[0-9a-f]{6}$/i;

/** The panel message as Deploy posts it, with the preview fallbacks for an empty title, description or colour. */
export function panelPreview(draft: PanelDraft, panelId = 'preview'): PanelMessage {
  return panelMessage(
    {
      ...draft,
      title: draft.title.trim() ? draft.title : PREVIEW_FALLBACK.title,
      description: draft.description.trim() ? draft.description : PREVIEW_FALLBACK.description,
      color: HEX.test(draft.color) ? draft.color : PREVIEW_FALLBACK.color,
    },
    panelId,
  );
}

/** The message a new ticket opens with, as the bot sends it (the close button unless close_button is false). */
export function openPreview(draft: PanelDraft): PanelMessage {
  return openMessage(draft);
}

export const PREVIEW_AUTHOR = { name: PREVIEW_FALLBACK.botName, bot: true } as const;
