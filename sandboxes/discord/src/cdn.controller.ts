import { Controller, Get, Req, Res, UseFilters } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { escapeHtml } from '@guildhall/backend/http/html';
import { DiscordErrors, DiscordExceptionFilter } from './discord-errors.js';
import { param } from './http-helpers.js';
import { SANDBOX_ROUTE_PREFIX } from './sandbox-options.js';
import { DiscordSandboxService } from './sandbox.service.js';
import type { SandboxMemberImageKind } from './sandbox.types.js';
import { type HttpRequest, type HttpReply } from '@guildhall/backend/http/http-types';

/**
 * A stand-in for cdn.discordapp.com, so the dashboard shows pictures offline: point the app's CDN base at
 * <sandbox>/cdn. Avatars and icons are drawn from the hash (same hash, same picture); uploads are served back.
 */
@Controller(`${SANDBOX_ROUTE_PREFIX}/cdn`)
@UseFilters(DiscordExceptionFilter)
export class SandboxCdnController {
  constructor(private readonly sandbox: DiscordSandboxService) {}

  @Get('avatars/:user_id/:file')
  avatar(@Req() req: HttpRequest, @Res() res: HttpReply): void {
    const user = this.sandbox.user(param(req, 'user_id'));
    this.sendPicture(res, param(req, 'file'), user?.global_name ?? user?.username ?? '?', 'circle');
  }

  @Get(['icons/:guild_id/:file', 'banners/:guild_id/:file', 'splashes/:guild_id/:file'])
  icon(@Req() req: HttpRequest, @Res() res: HttpReply): void {
    const guild = this.sandbox.guild(param(req, 'guild_id'));
    this.sendPicture(res, param(req, 'file'), guild?.name ?? '?', 'rounded');
  }

  @Get('embed/avatars/:file')
  defaultAvatar(@Req() req: HttpRequest, @Res() res: HttpReply): void {
    this.sendPicture(res, param(req, 'file'), '', 'circle');
  }

  @Get('emojis/:file')
  emoji(@Req() req: HttpRequest, @Res() res: HttpReply): void {
    this.sendPicture(res, param(req, 'file'), ':)', 'rounded');
  }

  /** A member's guild avatar, as the bot set it (Modify Current Member): the bytes it sent, whatever the extension asks. */
  @Get('guilds/:guild_id/users/:user_id/avatars/:file')
  memberAvatar(@Req() req: HttpRequest, @Res() res: HttpReply): void {
    this.sendMemberImage(req, res, 'avatar');
  }

  @Get('guilds/:guild_id/users/:user_id/banners/:file')
  memberBanner(@Req() req: HttpRequest, @Res() res: HttpReply): void {
    this.sendMemberImage(req, res, 'banner');
  }

  @Get('attachments/:channel_id/:attachment_id/:filename')
  attachmentFile(@Req() req: HttpRequest, @Res() res: HttpReply): void {
    const attachment = this.sandbox.attachment(param(req, 'channel_id'), param(req, 'attachment_id'));
    if (!attachment) throw DiscordErrors.notFound();
    // Uploads are the app's content served from the app's origin: a sandboxed CSP keeps an uploaded
    // HTML transcript viewable without letting its scripts run there.
    res.header('Content-Security-Policy', "sandbox; default-src 'none'; img-src * data:; style-src 'unsafe-inline'");
    res.header('X-Content-Type-Options', 'nosniff');
    res.type(attachment.content_type ?? 'application/octet-stream').send(attachment.data);
  }

  /** Only the member's current image answers, under its hash: an old or made-up hash is Discord's 404. */
  private sendMemberImage(req: HttpRequest, res: HttpReply, kind: SandboxMemberImageKind): void {
    const hash = param(req, 'file').replace(/\.[a-z]+$/i, '');
    const image = this.sandbox.memberImage(param(req, 'guild_id'), param(req, 'user_id'), kind, hash);
    if (!image) throw DiscordErrors.notFound();
    res.header('X-Content-Type-Options', 'nosniff');
    // A hash names one image for good.
    res.header('Cache-Control', 'public, max-age=31536000, immutable');
    res.type(image.type).send(image.data);
  }

  private sendPicture(res: HttpReply, file: string, name: string, shape: 'circle' | 'rounded'): void {
    const hash = file.replace(/\.[a-z]+$/i, '');
    const hue = parseInt(createHash('md5').update(hash).digest('hex').slice(0, 4), 16) % 360;
    const initials =
      name
        .split(/[\s._-]+/)
        .filter(Boolean)
        .slice(0, 2)
        .map((w) => [...w][0]!.toUpperCase())
        .join('') || '?';
    const radius = shape === 'circle' ? 64 : 24;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${escapeHtml(name)}">
<rect width="128" height="128" rx="${radius}" fill="hsl(${hue} 55% 45%)"/>
<text x="64" y="64" dy=".35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="48" fill="#fff">${escapeHtml(initials)}</text>
</svg>`;
    res.header('Cache-Control', 'public, max-age=86400');
    res.type('image/svg+xml; charset=utf-8').send(svg);
  }
}
