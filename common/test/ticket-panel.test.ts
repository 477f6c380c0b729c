// The panel messages: what Deploy posts and every preview draws.
import { describe, expect, it } from 'vitest';
import { publishedSchemas } from '@guildhall/generated/schemas';
import type { TicketPanel } from '@guildhall/generated/types';
import { openMessage, panelIdOfCustomId, panelMessage, type PanelContent } from '../src/ticket-panel.js';

/** The schema's defaults: a panel as a new one starts. */
function defaults(): PanelContent {
  const props = publishedSchemas['ticket-panel'].properties as Record<string, { default?: unknown }>;
  return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, v.default])) as unknown as TicketPanel;
}

describe('panel message', () => {
  it('posts the default panel as the spec describes it, with a button naming the panel', () => {
    const message = panelMessage({ ...defaults(), channel_id: '1100000000000000001' }, 'p1');
    expect(message.embeds).toEqual([
      {
        title: 'Support Ticket',
        description: 'Please use the button below to create a ticket',
        color: 0x068add,
        footer: { text: 'You can only have 1 open ticket at a time!' },
      },
    ]);
    const [button] = message.components[0]!.components;
    expect(button).toEqual({ type: 2, style: 1, label: 'Create Ticket', emoji: { name: '🎫' }, custom_id: 'ticket-panel:p1' });
    expect(panelIdOfCustomId(button!.custom_id)).toBe('p1');
  });

  it('leaves out what is empty (Discord refuses empty footer text and URLs) and keeps icons with their footer', () => {
    const message = panelMessage({ ...defaults(), footer: ' ', image: 'https://example.com/a.png', button_emoji: '' }, 'p2');
    expect(message.embeds[0]).not.toHaveProperty('footer');
    expect(message.embeds[0]!.image).toEqual({ url: 'https://example.com/a.png' });
    expect(message.components[0]!.components[0]).not.toHaveProperty('emoji');
    const withIcon = panelMessage({ ...defaults(), footerIcon: 'https://example.com/i.png' }, 'p3');
    expect(withIcon.embeds[0]!.footer).toEqual({
      text: 'You can only have 1 open ticket at a time!',
      icon_url: 'https://example.com/i.png',
    });
  });

  it('greets a ticket with the open message and a close button, none when close_button is false', () => {
    const open = openMessage(defaults());
    expect(open.embeds[0]).toMatchObject({ title: 'Ticket Created', color: 0x43b581 });
    expect(open.components[0]!.components[0]).toMatchObject({ style: 4, label: 'Close Ticket', emoji: { name: '🔒' } });
    expect(openMessage({ ...defaults(), close_button: false }).components).toEqual([]);
  });

  it('reads panel ids only from its own buttons', () => {
    expect(panelIdOfCustomId('ticket-panel:')).toBeNull();
    expect(panelIdOfCustomId('ticket-close')).toBeNull();
  });
});
