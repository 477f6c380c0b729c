import type { TicketPanel } from '@guildhall/generated/types';
import { api } from '../../../api/client';

/** What Deploy answers: the panel entry as saved, and where the message now is. */
export interface DeployResult {
  success: true;
  id: string;
  version: number;
  item: TicketPanel;
  message_id: string;
  channel_id: string;
  redeployed: boolean;
}

/**
 * The bot posts (or edits, when already deployed) the panel's message. Not in the generated client yet: this one call
 * through the fetch wrapper is what moves to `client.deployTicketPanel` once the route is in schemas/operations.json.
 */
export function deployPanel(guildId: string, panelId: string, channelId?: string): Promise<DeployResult> {
  return api<DeployResult>(`/api/guild/${encodeURIComponent(guildId)}/tickets/panels/${encodeURIComponent(panelId)}/deploy`, {
    method: 'POST',
    json: channelId ? { channelId } : {},
  });
}
