import type { CollectionName } from '@guildhall/generated/types';

/**
 * A minimal valid new item of each collection, in a text channel the caller names: what its schema requires beyond its
 * defaults (a saved embed its name and message, a scheduled message its message and plan, the others their channel). Typed by
 * the table: a collection added fails tsc here, once, rather than a test per route at run time.
 */
export function sampleItem(collection: CollectionName, channelId: string): Record<string, unknown> {
  const items: Record<CollectionName, Record<string, unknown>> = {
    panels: { channel_id: channelId },
    embeds: { name: 'Welcome', message: { embeds: [{ title: 'Hello' }] } },
    'role-menus': { channel_id: channelId },
    'scheduled-messages': { channel_id: channelId, message: { embeds: [{ title: 'Reminder' }] }, plan: { kind: 'daily', timeZone: 'UTC' } },
  };
  return items[collection];
}
