import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { SessionUser, UserGuild } from '../discord/discord.types.js';
import { ROUTE_ACCESS, type RouteAccess } from './guild-access.decorators.js';
import { GuildAccessService } from './guild-access.service.js';
import { collections } from '@guildhall/generated/collections';
import type { CollectionName } from '@guildhall/generated/types';
import { GUILD_POLICY, sectionPolicies } from './section-policies.js';
import { type HttpRequest } from '../http/http-types.js';

/**
 * Put on every controller under /api/guild/:guildId. Access is data: a settings route (`:section`) passes the rule of
 * the policy its row of schemas/sections.json names; a route marked `@RequiresCapability(section, capability)` passes
 * that section's rule for that capability; one marked `@ReadableByAccessLevels()` admits managers and whomever a
 * section's levels let view; a collection route (`:collection`) passes its row's policy; the guild's other routes pass the
 * guild policy's rule.
 */
@Injectable()
export class GuildAccessGuard implements CanActivate {
  constructor(
    private readonly access: GuildAccessService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<HttpRequest>();
    const marked = this.reflector.getAllAndOverride<RouteAccess | undefined>(ROUTE_ACCESS, [context.getHandler(), context.getClass()]);
    // Kept for the handler: the guild as the signed-in user sees it (name, icon, permissions, owner).
    (req as HttpRequest & { guild?: UserGuild }).guild = await guildOfRoute(this.access, req, marked);
    return true;
  }
}

/**
 * The guild of a /api/guild/:guildId request as the signed-in user sees it, when the route's rule lets them in (else
 * the ApiError saying why): the guard's decision, also taken by the routes served outside Nest's pipeline
 * (settings/settings-read.route.ts), so there is one reading of who may enter.
 */
export function guildOfRoute(access: GuildAccessService, req: HttpRequest, marked?: RouteAccess): Promise<UserGuild> {
  const user = req.user as SessionUser | undefined;
  const guildId = String(req.params.guildId ?? '');
  if (marked?.kind === 'manage-or-view') return access.assertCanManageOrView(user, guildId);
  const name = marked?.kind === 'capability' ? marked.section : (req.params.section as string | undefined);
  const section = sectionPolicies.sectionOf(name);
  if (marked && !section) throw new Error(`@RequiresCapability names an unknown section: ${name}`);
  const capability = marked?.capability ?? 'view';
  // A collection route (`:collection`) passes its row's policy (an unknown collection: the guild's, then a 404).
  const collection = req.params.collection as string | undefined;
  const policy =
    collection !== undefined && !marked
      ? ((Object.hasOwn(collections, collection) ? collections[collection as CollectionName].policy : undefined) ?? GUILD_POLICY)
      : sectionPolicies.policyOf(name);
  return sectionPolicies.enforce(policy, access, { user, guildId, section, capability });
}
