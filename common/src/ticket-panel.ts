// The messages a ticket panel makes: the panel members open tickets from, and the message that greets a new ticket.
// Deploy (the server) and every panel preview (the browser) build them here, so a preview is what the bot posts.
import type { TicketPanel } from '@guildhall/generated/types';
import { colourToNumber, type ApiEmbed } from './embed-message.js';

/** The parts of Discord's embed a panel uses (assignable to discord-api-types' APIEmbed). */
export type PanelEmbed = Pick<ApiEmbed, 'color' | 'title' | 'description' | 'footer' | 'image' | 'thumbnail'>;

/** A button of Discord's message components (type 2). Style 1 primary, 4 danger. */
export interface PanelButton {
  type: 2;
  style: 1 | 4;
  label: string;
  custom_id: string;
  emoji?: { name: string };
}

export interface PanelMessage {
  embeds: PanelEmbed[];
  components: { type: 1; components: PanelButton[] }[];
}

/** The panel fields the messages read: everything but the server-owned ones, which do not change what is posted. */
export type PanelContent = Omit<TicketPanel, 'message_id' | 'deployed' | 'created_at'>;

/** The button that opens a ticket names its panel, so the bot knows which panel's settings apply. */
export const OPEN_TICKET_PREFIX = 'ticket-panel:';
/** The close button of an open ticket (one per ticket channel, so no id is needed). */
export const CLOSE_TICKET_ID = 'ticket-close';

/** custom_id of a panel's button: at most 100 characters in Discord, which a record id easily fits. */
export function openTicketCustomId(panelId: string): string {
  return `${OPEN_TICKET_PREFIX}${panelId}`;
}

/** The panel id a button's custom_id names, or null when it is not a panel's button. */
export function panelIdOfCustomId(customId: string): string | null {
  return customId.startsWith(OPEN_TICKET_PREFIX) && customId.length > OPEN_TICKET_PREFIX.length
    ? customId.slice(OPEN_TICKET_PREFIX.length)
    : null;
}

/** An embed with only what is set: Discord refuses empty strings for footer text and URLs. */
function embed(parts: {
  title?: string;
  description?: string;
  color?: string;
  footer?: string;
  footerIcon?: string;
  image?: string;
  thumbnail?: string;
}): PanelEmbed {
  const out: PanelEmbed = {};
  const color = colourToNumber(parts.color);
  if (color !== undefined) out.color = color;
  if (parts.title?.trim()) out.title = parts.title;
  if (parts.description?.trim()) out.description = parts.description;
  if (parts.footer?.trim()) out.footer = parts.footerIcon ? { text: parts.footer, icon_url: parts.footerIcon } : { text: parts.footer };
  if (parts.image) out.image = { url: parts.image };
  if (parts.thumbnail) out.thumbnail = { url: parts.thumbnail };
  return out;
}

function button(style: 1 | 4, label: string, emoji: string | undefined, customId: string): PanelButton {
  return { type: 2, style, label, custom_id: customId, ...(emoji ? { emoji: { name: emoji } } : {}) };
}

/** The panel message Deploy posts: the embed and one button whose custom_id identifies the panel. */
export function panelMessage(panel: PanelContent, panelId: string): PanelMessage {
  return {
    embeds: [
      embed({
        title: panel.title,
        description: panel.description,
        color: panel.color,
        footer: panel.footer,
        footerIcon: panel.footerIcon,
        image: panel.image,
        thumbnail: panel.thumbnail,
      }),
    ],
    components: [{ type: 1, components: [button(1, panel.button_label, panel.button_emoji, openTicketCustomId(panelId))] }],
  };
}

/** The message a new ticket opens with: the open-message embed, and the close button unless close_button is false. */
export function openMessage(panel: PanelContent): PanelMessage {
  return {
    embeds: [
      embed({
        title: panel.open_title,
        description: panel.open_description,
        color: panel.open_color,
        footer: panel.open_footer,
        footerIcon: panel.open_footerIcon,
        image: panel.open_image,
        thumbnail: panel.open_thumbnail,
      }),
    ],
    components:
      panel.close_button === false
        ? []
        : [{ type: 1, components: [button(4, panel.close_button_label || 'Close Ticket', panel.close_button_emoji, CLOSE_TICKET_ID)] }],
  };
}
