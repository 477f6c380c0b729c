import type { TranscriptMessage, TranscriptUpload } from '@guildhall/generated/types';
import { escapeHtml, safeLinkTarget } from './escape.js';

/**
 * The transcript as a page that looks like the Discord channel: dark theme, an avatar placeholder (the author's
 * initial), author name and time, the text with its line breaks, embeds' titles and descriptions, attachments as
 * links. Every user-written string goes through escapeHtml; the page holds no script, and is served with a CSP that
 * would run none (transcripts.controller.ts).
 */
export function renderHtml(id: string, transcript: TranscriptUpload): string {
  const title = `Transcript ${transcript.ticketId} #${transcript.channelName}`;
  const messages = transcript.messages.map(renderMessage).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header class="channel">
<h1><span class="hash">#</span>${escapeHtml(transcript.channelName)}</h1>
<p>Ticket ${escapeHtml(transcript.ticketId)} opened by ${escapeHtml(transcript.openedBy.username)} on ${escapeHtml(transcript.openedAt)}${
    transcript.closedBy ? `, closed by ${escapeHtml(transcript.closedBy.username)}` : ''
  } on ${escapeHtml(transcript.closedAt)} &middot; ${transcript.messages.length} messages &middot; transcript ${escapeHtml(id)}</p>
</header>
<main class="messages">
${messages}
</main>
</body>
</html>
`;
}

function renderMessage(message: TranscriptMessage): string {
  const name = message.author.global_name || message.author.username;
  const initial = [...name][0]?.toUpperCase() ?? '?';
  const embeds = (message.embeds ?? [])
    .map(
      (embed) =>
        `<div class="embed">${embed.title ? `<div class="embed-title">${escapeHtml(embed.title)}</div>` : ''}${
          embed.description ? `<div class="embed-description">${escapeHtml(embed.description)}</div>` : ''
        }</div>`,
    )
    .join('');
  const attachments = message.attachments
    .map((file) => {
      const href = safeLinkTarget(file.url);
      const label = `${escapeHtml(file.filename)} <span class="size">(${formatBytes(file.size)})</span>`;
      return href
        ? `<li><a href="${escapeHtml(href)}" rel="noopener noreferrer nofollow" target="_blank">${label}</a></li>`
        : `<li>${label} <span class="url">${escapeHtml(file.url)}</span></li>`;
    })
    .join('');
  return `<article class="message" id="m${escapeHtml(message.id)}">
<div class="avatar" aria-hidden="true">${escapeHtml(initial)}</div>
<div class="body">
<div class="meta"><span class="author" title="${escapeHtml(message.author.username)} (${escapeHtml(message.author.id)})">${escapeHtml(name)}</span>${
    message.author.bot ? '<span class="bot">BOT</span>' : ''
  }<time datetime="${escapeHtml(message.timestamp)}">${escapeHtml(displayTime(message.timestamp))}</time></div>
${message.content ? `<div class="content">${escapeHtml(message.content)}</div>` : ''}${embeds}${attachments ? `<ul class="attachments">${attachments}</ul>` : ''}
</div>
</article>`;
}

/** 2026-11-22T15:30:23.726Z -> 2026-11-22 15:30 UTC (one reading, whoever opens the file). */
function displayTime(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? timestamp : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / 1024 / 1024).toFixed(1)} MB`;
}

const STYLE = `
body{margin:0;background:#313338;color:#dbdee1;font:16px/1.375 "gg sans","Noto Sans","Helvetica Neue",Helvetica,Arial,sans-serif}
.channel{padding:12px 16px;border-bottom:1px solid #1f2023;background:#2b2d31}
.channel h1{margin:0;font-size:16px;color:#f2f3f5}.channel .hash{color:#80848e;margin-right:6px}
.channel p{margin:4px 0 0;font-size:13px;color:#949ba4}
.messages{padding:16px 0}
.message{display:flex;gap:16px;padding:4px 16px;margin-top:12px}
.message:hover{background:#2e3035}
.avatar{flex:none;width:40px;height:40px;border-radius:50%;background:#5865f2;color:#fff;display:flex;align-items:center;justify-content:center;font-weight:600}
.body{min-width:0}
.meta{display:flex;align-items:baseline;gap:8px}
.author{color:#f2f3f5;font-weight:500}
.bot{background:#5865f2;color:#fff;font-size:10px;font-weight:600;padding:0 4px;border-radius:3px}
time{color:#949ba4;font-size:12px}
.content{white-space:pre-wrap;overflow-wrap:anywhere}
.embed{margin-top:4px;max-width:520px;background:#2b2d31;border-left:4px solid #1e1f22;border-radius:4px;padding:8px 12px}
.embed-title{font-weight:600;color:#f2f3f5}.embed-description{white-space:pre-wrap;font-size:14px}
.attachments{list-style:none;margin:4px 0 0;padding:0}
.attachments li{background:#2b2d31;border:1px solid #1f2023;border-radius:4px;padding:6px 10px;margin-top:4px;font-size:14px}
a{color:#00a8fc}.size,.url{color:#949ba4}
`;
