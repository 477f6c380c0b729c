// Access is data: the guard on /api/guild/:guildId routes asks the policy registry for the section's policy (the
// `policy` column of schemas/sections.json) and applies the rule that policy names.
import { readFileSync } from 'node:fs';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { sectionNames, sections } from '@guildhall/generated/sections';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser, UserGuild } from '../src/discord/discord.types.js';
import { ReadableByAccessLevels, RequiresCapability } from '../src/guild/guild-access.decorators.js';
import { GuildAccessGuard } from '../src/guild/guild-access.guard.js';
import type { CallerAccess, GuildAccessService } from '../src/guild/guild-access.service.js';
import { GUILD_POLICY, type PolicyRule, policyRules, type SectionPolicy, sectionPolicies } from '../src/guild/section-policies.js';
import { ApiError } from '../src/http/api-error.js';

const GUILD_ID = '123456789012345678';
const user = { id: '1' } as SessionUser;
const seen: UserGuild = { id: GUILD_ID, name: 'Test guild', owner: true } as UserGuild;
const entered: CallerAccess = { guild: seen, manager: true, administrator: true, levels: new Map() };
const access = {
  managerAccess: vi.fn(async () => entered),
  assertMayUse: vi.fn(async () => entered),
  assertAdministrator: vi.fn(async () => entered),
  assertSectionCapability: vi.fn(async () => entered),
  assertMayEnter: vi.fn(async () => entered),
} as unknown as GuildAccessService;
const reflector = new Reflector();

function request(params: Record<string, string>, handler: () => void = () => undefined, method = 'GET') {
  const req: Record<string, unknown> = { params: { guildId: GUILD_ID, ...params }, user, method };
  const context = {
    switchToHttp: () => ({ getRequest: () => req }),
    getHandler: () => handler,
    getClass: () => class Routes {},
  } as unknown as ExecutionContext;
  return { req, context };
}

afterEach(() => vi.restoreAllMocks());

describe('the access guard and the sections table’s policy', () => {
  it('asks the registry for each section’s policy and applies the rule that policy names', async () => {
    const rules = Object.fromEntries(Object.keys(policyRules).map((policy) => [policy, vi.spyOn(policyRules, policy as SectionPolicy)]));
    const guard = new GuildAccessGuard(access, reflector);
    for (const name of sectionNames) {
      const { req, context } = request({ section: name });
      await expect(guard.canActivate(context)).resolves.toBe(true);
      // The section is the subject a grant must open; a GET needs read.
      expect(rules[sections[name].policy]).toHaveBeenLastCalledWith(access, {
        user,
        guildId: GUILD_ID,
        section: sections[name],
        capability: 'view',
        subject: name,
        need: 'read',
      });
      expect(req.guild).toBe(seen);
    }
    const calls = Object.values(rules).reduce((sum, rule) => sum + rule.mock.calls.length, 0);
    expect(calls).toBe(sectionNames.length);
    // The table holds every kind today: AntiNuke's levels, Dashboard Access's administrators and the others' manage-guild.
    expect(rules['access-levels']).toHaveBeenCalled();
    expect(rules['administrators']).toHaveBeenCalled();
    expect(rules['manage-guild']).toHaveBeenCalled();
  });

  it('applies the guild policy to routes without a section and to an unknown section (which the controller 404s)', async () => {
    const enforce = vi.spyOn(sectionPolicies, 'enforce');
    const guard = new GuildAccessGuard(access, reflector);
    await guard.canActivate(request({}).context);
    await guard.canActivate(request({ section: 'nonsense' }).context);
    await guard.canActivate(request({ section: 'constructor' }).context);
    expect(enforce.mock.calls.map(([policy]) => policy)).toEqual([GUILD_POLICY, GUILD_POLICY, GUILD_POLICY]);
  });

  it('answers with the rule’s refusal (401/403/404 and its message)', async () => {
    const refusal = new ApiError(403, 'You need the Manage Server or Administrator permission in this server.');
    vi.spyOn(policyRules, 'manage-guild').mockRejectedValueOnce(refusal);
    await expect(new GuildAccessGuard(access, reflector).canActivate(request({ section: sectionNames[0]! }).context)).rejects.toBe(refusal);
  });

  it('applies a section’s rule for the capability a route requires (@RequiresCapability)', async () => {
    const rule = vi.spyOn(policyRules, 'access-levels');
    class Routes {
      @RequiresCapability('antinuke', 'manageBypassRole')
      createBypassRole() {}
    }
    const { req, context } = request({}, Routes.prototype.createBypassRole);
    await expect(new GuildAccessGuard(access, reflector).canActivate(context)).resolves.toBe(true);
    expect(rule).toHaveBeenCalledWith(access, {
      user,
      guildId: GUILD_ID,
      section: sections.antinuke,
      capability: 'manageBypassRole',
      subject: 'antinuke',
      need: 'read',
    });
    expect(access.assertSectionCapability).toHaveBeenLastCalledWith(user, GUILD_ID, sections.antinuke, 'manageBypassRole');
    expect(req.guild).toBe(seen);
    // tsc checks both names against the sections table and the schema's x-access values.
    // @ts-expect-error 'manageBypassRoles' is no capability of antinuke
    RequiresCapability('antinuke', 'manageBypassRoles');
    // @ts-expect-error basic has no access levels
    RequiresCapability('basic', 'view');
  });

  it('refuses, as a programming error, a route whose @RequiresCapability names no section, and levels without a section', async () => {
    class Routes {
      @RequiresCapability('antinuk' as 'antinuke', 'view')
      misspelt() {}
    }
    await expect(new GuildAccessGuard(access, reflector).canActivate(request({}, Routes.prototype.misspelt).context)).rejects.toThrow(
      '@RequiresCapability names an unknown section: antinuk',
    );
    expect(() =>
      policyRules['access-levels'](access, { user, guildId: GUILD_ID, section: undefined, capability: 'view', need: 'read' }),
    ).toThrow('the access-levels policy needs a section');
  });

  it('admits managers and anyone a level lets view on the guild’s read-only views (@ReadableByAccessLevels)', async () => {
    const enforce = vi.spyOn(sectionPolicies, 'enforce');
    class Routes {
      @ReadableByAccessLevels()
      channels() {}
    }
    await new GuildAccessGuard(access, reflector).canActivate(request({}, Routes.prototype.channels).context);
    expect(access.assertMayEnter).toHaveBeenLastCalledWith(user, GUILD_ID);
    expect(enforce).not.toHaveBeenCalled();
  });

  it('reads a route’s subject from its operation in the OpenAPI document: a section’s, a collection’s, any, or none', async () => {
    const enforce = vi.spyOn(sectionPolicies, 'enforce');
    const guard = new GuildAccessGuard(access, reflector);
    const at = (method: string, url: string, params: Record<string, string> = {}) => {
      const { req, context } = request(params, () => undefined, method);
      req.routeOptions = { url };
      return guard.canActivate(context);
    };
    await at('POST', '/api/guild/:guildId/greeting/preview');
    expect(enforce).toHaveBeenLastCalledWith('manage-guild', access, expect.objectContaining({ subject: 'greeting', need: 'write' }));
    await at('GET', '/api/guild/:guildId/role-menus/preflight');
    expect(enforce).toHaveBeenLastCalledWith('manage-guild', access, expect.objectContaining({ subject: 'role-menus', need: 'read' }));
    await at('POST', '/api/guild/:guildId/collections/:collection', { collection: 'panels' });
    expect(enforce).toHaveBeenLastCalledWith('manage-guild', access, expect.objectContaining({ subject: 'panels', need: 'write' }));
    enforce.mockClear();
    await at('GET', '/api/guild/:guildId/stats');
    expect(access.assertMayEnter).toHaveBeenLastCalledWith(user, GUILD_ID);
    expect(enforce).not.toHaveBeenCalled();
    await at('GET', '/api/guild/:guildId/not-in-the-table');
    expect(enforce).toHaveBeenLastCalledWith(GUILD_POLICY, access, expect.not.objectContaining({ subject: expect.anything() }));
  });

  it('has a rule for every policy the meta schema allows, and for no other', () => {
    const meta = JSON.parse(readFileSync(new URL('../../schemas/meta/section-table.json', import.meta.url), 'utf8'));
    expect(Object.keys(policyRules).sort()).toEqual([...meta.$defs.section.properties.policy.enum].sort());
    // tsc (backend/tsconfig.json includes test/): a policy without a rule is a type error.
    // @ts-expect-error 'owner-only' has no rule
    const incomplete: Record<SectionPolicy | 'owner-only', PolicyRule> = policyRules;
    expect(incomplete).toBe(policyRules);
  });
});
