import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { GrantLevel } from '@guildhall/common/dashboard-access';
import { collections } from '@guildhall/generated/collections';
import { openapi } from '@guildhall/generated/openapi';
import type { SessionUser, UserGuild } from '../discord/discord.types.js';
import { ROUTE_ACCESS, type RouteAccess } from './guild-access.decorators.js';
import { GuildAccessService, type CallerAccess, type Grants } from './guild-access.service.js';
import { GUILD_POLICY, sectionPolicies, type SectionPolicy } from './section-policies.js';
import { type HttpRequest } from '../http/http-types.js';

/**
 * Put on every controller under /api/guild/:guildId. Access is data: a route's subject is the section (`:section`) or
 * collection (`:collection`) it names, else its operation's `x-guildhall-subject` in the OpenAPI document
 * (schemas/operations.json's `subject`); that section's or collection's policy decides, a GET needing `read` of a
 * grantee and any other method `write`. Subject `any` (the read-only views every page needs) admits managers, whom a
 * section's levels let view and any grantee. A route without a subject is for managers only. A route marked
 * `@RequiresCapability(section, capability)` passes that section's rule for that capability.
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
    keepAccess(req, await guildOfRoute(this.access, req, marked));
    return true;
  }
}

/**
 * Kept for the handler and the services it calls: the guild as the signed-in user sees it (name, icon, permissions,
 * owner), and for one who does not manage it the levels their grants give (guild/caller.ts puts them in the Caller).
 */
export function keepAccess(req: HttpRequest, caller: CallerAccess): void {
  const kept = req as HttpRequest & { guild?: UserGuild; grants?: Grants };
  kept.guild = caller.guild;
  kept.grants = caller.manager ? undefined : caller.levels;
}

/** Each guild operation's subject by `METHOD /route/:param` (Fastify's route path), read once from the OpenAPI document. */
const ROUTE_SUBJECTS: ReadonlyMap<string, string> = (() => {
  const subjects = new Map<string, string>();
  const paths = openapi.paths as Record<string, Record<string, { 'x-guildhall-subject'?: string }>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const subject = typeof operation === 'object' ? operation?.['x-guildhall-subject'] : undefined;
      if (subject !== undefined) subjects.set(routeKey(method, path.replace(/\{([^}]+)\}/g, ':$1')), subject);
    }
  }
  return subjects;
})();

function routeKey(method: string, route: string): string {
  return `${method.toUpperCase()} ${route}`;
}

/** What a method needs of a grant: reading for a GET, writing for anything else. */
export function needOf(method: string): GrantLevel {
  return method === 'GET' || method === 'HEAD' ? 'read' : 'write';
}

const isCollection = (name: string): name is keyof typeof collections => Object.hasOwn(collections, name);

/**
 * The caller's access to the guild of a /api/guild/:guildId request, when the route's rule lets them in (else the
 * ApiError saying why): the guard's decision, also taken by the routes served outside Nest's pipeline
 * (settings/settings-read.route.ts), so there is one reading of who may enter.
 */
export function guildOfRoute(access: GuildAccessService, req: HttpRequest, marked?: RouteAccess): Promise<CallerAccess> {
  const user = req.user as SessionUser | undefined;
  const guildId = String(req.params.guildId ?? '');
  const need = needOf(req.method);
  if (marked?.kind === 'manage-or-view') return access.assertMayEnter(user, guildId);
  if (marked?.kind === 'capability') {
    const section = sectionPolicies.sectionOf(marked.section);
    if (!section) throw new Error(`@RequiresCapability names an unknown section: ${marked.section}`);
    const request = { user, guildId, section, capability: marked.capability, subject: section.name, need };
    return sectionPolicies.enforce(section.policy, access, request);
  }
  let subject = req.params.collection ?? req.params.section ?? ROUTE_SUBJECTS.get(routeKey(req.method, req.routeOptions?.url ?? ''));
  if (subject === '{section}') subject = req.params.section;
  if (subject === '{collection}') subject = req.params.collection;
  return admit(access, user, guildId, subject, need);
}

/**
 * The same decision for an operation whose guild is not in its path (the embed builder's, named in the body): its
 * subject from the OpenAPI document by method and route path.
 */
export function guildOfOperation(
  access: GuildAccessService,
  user: SessionUser | undefined,
  guildId: string,
  method: string,
  route: string,
): Promise<CallerAccess> {
  return admit(access, user, guildId, ROUTE_SUBJECTS.get(routeKey(method, route)), needOf(method));
}

/** Admits the caller to a subject (a section, a collection, `any`, or none: managers only) as its policy says. */
function admit(
  access: GuildAccessService,
  user: SessionUser | undefined,
  guildId: string,
  subject: string | undefined,
  need: GrantLevel,
): Promise<CallerAccess> {
  if (subject === 'any') return access.assertMayEnter(user, guildId);
  const section = sectionPolicies.sectionOf(subject);
  // An unknown name: the guild's rule for managers (then the controller's 404).
  const known = section !== undefined || (subject !== undefined && isCollection(subject));
  const policy: SectionPolicy = section?.policy ?? (known ? collections[subject as keyof typeof collections].policy : GUILD_POLICY);
  return sectionPolicies.enforce(policy, access, { user, guildId, section, capability: 'view', ...(known ? { subject } : {}), need });
}
