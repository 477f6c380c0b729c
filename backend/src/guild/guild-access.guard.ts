import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { SessionUser, UserGuild } from '../discord/discord.types.js';
import { GuildAccessService } from './guild-access.service.js';

/** Put on every controller under /api/guild/:guildId. */
@Injectable()
export class GuildAccessGuard implements CanActivate {
  constructor(private readonly access: GuildAccessService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    // Kept for the handler: the guild as the signed-in user sees it (name, icon, permissions).
    (req as Request & { guild?: UserGuild }).guild = await this.access.assertCanManage(
      req.user as SessionUser | undefined,
      String(req.params.guildId ?? ''),
    );
    return true;
  }
}
