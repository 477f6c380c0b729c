import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { SessionUser, UserGuild } from '../discord/discord.types.js';
import { GuildAccessService } from './guild-access.service.js';
import { sectionPolicies } from './section-policies.js';

/**
 * Put on every controller under /api/guild/:guildId. Access is data: a settings route (`:section`) passes the rule of
 * the policy its row of schemas/sections.json names; the guild's other routes pass the guild policy's rule.
 */
@Injectable()
export class GuildAccessGuard implements CanActivate {
  constructor(private readonly access: GuildAccessService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const policy = sectionPolicies.policyOf(req.params.section as string | undefined);
    // Kept for the handler: the guild as the signed-in user sees it (name, icon, permissions).
    (req as Request & { guild?: UserGuild }).guild = await sectionPolicies.enforce(
      policy,
      this.access,
      req.user as SessionUser | undefined,
      String(req.params.guildId ?? ''),
    );
    return true;
  }
}
