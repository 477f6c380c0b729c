import panelFile from '@guildhall/generated/schema.ticket-panel.json';

/**
 * The Discord channel types a ticket panel may be posted in: its schema's `x-reference` on `channel_id`, the list the
 * server checks every save and deploy against, so the pickers offer exactly what the server takes.
 */
export const PANEL_CHANNEL_TYPES: readonly number[] = (
  panelFile.schema as unknown as { properties: { channel_id: { 'x-reference': { channelTypes: number[] } } } }
).properties.channel_id['x-reference'].channelTypes;
