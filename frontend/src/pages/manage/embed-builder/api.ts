// The embed routes (spec 2:7 "Embed builder"), built in parallel with this page: called through the one fetch wrapper
// here, so moving them to the generated client at merge is a change in this file only.
import type { FetchedEmbed } from '@guildhall/common/embed-message';
import type { DiscordEmbed } from '@guildhall/generated/types';
import { api } from '../../../api/client';

export interface EmbedMessage {
  content: string;
  embeds: DiscordEmbed[];
}

export interface FetchedMessage {
  success: true;
  messageId: string;
  guildId: string;
  channelId: string;
  content?: string;
  embeds: FetchedEmbed[];
}

const post = <T>(path: string, json: unknown) => api<T>(`/api/embed/${path}`, { method: 'POST', json });

export const embedApi = {
  sendToChannel: (body: EmbedMessage & { guildId: string; channelId: string }) =>
    post<{ success: true; messageId: string; guildId: string; channelId: string }>('send-channel', body),
  sendToWebhook: (body: EmbedMessage & { webhookUrl: string }) => post<{ success: true; messageId: string }>('send-webhook', body),
  getById: (body: { messageId: string; guildId: string; channelId?: string }) => post<FetchedMessage>('get-by-id', body),
  update: (body: EmbedMessage & { messageId: string; guildId: string; channelId: string }) =>
    post<{ success: true; messageId: string }>('update', body),
};
