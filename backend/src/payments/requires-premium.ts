import { applyDecorators, type CanActivate, type ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { StandaloneValidator } from '@guildhall/generated/validators';
import type { SessionUser } from '../discord/discord.types.js';
import { guildOfOperation } from '../guild/guild-access.guard.js';
import { GuildAccessService } from '../guild/guild-access.service.js';
import { PremiumService } from './premium.service.js';
import { type HttpRequest } from '../http/http-types.js';

const PREMIUM_FEATURE = 'guildhall:premium-feature';

interface PremiumRoute {
  feature: string;
  /** The route's body validator: a body it refuses is left to the route's own 400 (guards run before pipes). */
  validate: StandaloneValidator<{ guildId?: string }>;
}

/**
 * A route of a premium feature whose guild is named in the body (`guildId`), as the embed builder's are: the caller
 * must be admitted to that guild as the operation's subject says (a manager, or a grantee with write on it; checked first, so the answer tells nothing about other guilds' plans) and the guild needs a
 * paid plan in force, else 403 '<feature> is a premium feature. ...'. A body the route would refuse, or one without a
 * guild id, is left to the route's own validation, so bad input still answers 400 first.
 */
@Injectable()
export class PremiumFeatureGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly access: GuildAccessService,
    private readonly premium: PremiumService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const route = this.reflector.get<PremiumRoute | undefined>(PREMIUM_FEATURE, context.getHandler());
    if (!route) return true;
    const req = context.switchToHttp().getRequest<HttpRequest>();
    // A copy: the validator fills defaults in, and the pipe must see the body as sent.
    const body = structuredClone(req.body ?? {}) as { guildId?: string };
    if (!route.validate(body) || typeof body.guildId !== 'string' || body.guildId === '') return true;
    await guildOfOperation(this.access, req.user as SessionUser | undefined, body.guildId, req.method, req.routeOptions.url ?? '');
    await this.premium.assertFeature(body.guildId, route.feature);
    return true;
  }
}

/** `@RequiresPremium('Custom Embeds', validateEmbedSendChannelRequest)`: the feature as schemas/plans/plans.json names it. */
export const RequiresPremium = <T extends { guildId?: string }>(feature: string, validate: StandaloneValidator<T>) =>
  applyDecorators(SetMetadata(PREMIUM_FEATURE, { feature, validate } satisfies PremiumRoute), UseGuards(PremiumFeatureGuard));
