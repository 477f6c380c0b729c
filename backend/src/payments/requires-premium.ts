import { applyDecorators, type CanActivate, type ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { validateSnowflake } from '@guildhall/generated/validators';
import type { Request } from 'express';
import type { SessionUser } from '../discord/discord.types.js';
import { GuildAccessService } from '../guild/guild-access.service.js';
import { PremiumService } from './premium.service.js';

const PREMIUM_FEATURE = 'guildhall:premium-feature';

/**
 * A route of a premium feature whose guild is named in the body (`guildId`), as the embed builder's are: the caller
 * must manage that guild (checked first, so the answer tells nothing about other guilds' plans) and the guild needs a
 * paid plan in force, else 403 '<feature> is a premium feature. ...'. A body without a guild id is left to the route's
 * own validation.
 */
@Injectable()
export class PremiumFeatureGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly access: GuildAccessService,
    private readonly premium: PremiumService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const feature = this.reflector.get<string | undefined>(PREMIUM_FEATURE, context.getHandler());
    if (!feature) return true;
    const req = context.switchToHttp().getRequest<Request>();
    const guildId = (req.body as { guildId?: unknown } | undefined)?.guildId;
    if (typeof guildId !== 'string' || !validateSnowflake(guildId)) return true;
    await this.access.assertCanManage(req.user as SessionUser | undefined, guildId);
    await this.premium.assertFeature(guildId, feature);
    return true;
  }
}

/** `@RequiresPremium('Custom Embeds')`: the feature's name as schemas/plans/plans.json lists it. */
export const RequiresPremium = (feature: string) => applyDecorators(SetMetadata(PREMIUM_FEATURE, feature), UseGuards(PremiumFeatureGuard));
