import type { TranscriptUpload } from '@guildhall/generated/types';
import { formatBytes } from './html.js';

/** The transcript as plain text: a header, then one block per message (time, author, text, embeds, attachments). */
export function renderTxt(id: string, transcript: TranscriptUpload): string {
  const lines = [
    `Transcript ${id}`,
    `Ticket: ${transcript.ticketId} (#${transcript.channelName})`,
    `Opened by: ${transcript.openedBy.username} (${transcript.openedBy.id}) at ${transcript.openedAt}`,
    `Closed${transcript.closedBy ? ` by: ${transcript.closedBy.username} (${transcript.closedBy.id})` : ''} at ${transcript.closedAt}`,
    `Messages: ${transcript.messages.length}`,
    '',
  ];
  for (const message of transcript.messages) {
    const name = message.author.global_name || message.author.username;
    lines.push(`[${message.timestamp}] ${name} (${message.author.username}, ${message.author.id})${message.author.bot ? ' [BOT]' : ''}`);
    if (message.content) lines.push(...message.content.split(/\r?\n/).map((line) => `  ${line}`));
    for (const embed of message.embeds ?? []) {
      if (embed.title) lines.push(`  [embed] ${embed.title}`);
      if (embed.description) lines.push(...embed.description.split(/\r?\n/).map((line) => `  | ${line}`));
    }
    for (const file of message.attachments) lines.push(`  [attachment] ${file.filename} (${formatBytes(file.size)}) ${file.url}`);
    lines.push('');
  }
  return lines.join('\n');
}
