import { describe, expect, it } from 'vitest';
import { allows, GRANTABLE_SUBJECTS, grantedLevels, higherLevel, inForce, nextExpiry, type Grant } from '../src/dashboard-access.js';
import { isAdministrator } from '../src/permissions.js';

const NOW = new Date('2026-11-27T12:00:00.000Z');
const ROLE_MOD = '300000000000000001';
const ROLE_HELPER = '300000000000000002';
const USER = '100000000000000001';
const grant = (over: Partial<Grant> & Pick<Grant, 'id'>): Grant => ({ level: 'read', subjects: ['*'], expires_at: '', note: '', ...over });

describe('what the grants of a guild give one member (issue 30)', () => {
  it('a grant to a role the member holds opens its sections at its level; one to a role they lack opens nothing', () => {
    const access = {
      roles: [grant({ id: ROLE_MOD, level: 'write', subjects: ['greeting'] }), grant({ id: ROLE_HELPER, subjects: ['levels'] })],
      members: [],
    };
    const levels = grantedLevels(access, { userId: USER, roleIds: [ROLE_MOD] }, NOW);
    expect([...levels]).toEqual([['greeting', 'write']]);
  });

  it('a grant to the member themselves counts, and the highest level of several wins per subject', () => {
    const access = {
      roles: [grant({ id: ROLE_MOD, level: 'read', subjects: ['greeting', 'levels'] })],
      members: [grant({ id: USER, level: 'write', subjects: ['levels'] })],
    };
    const levels = grantedLevels(access, { userId: USER, roleIds: [ROLE_MOD] }, NOW);
    expect(levels.get('greeting')).toBe('read');
    expect(levels.get('levels')).toBe('write');
    // Another member's grant is not theirs.
    expect(grantedLevels(access, { userId: '100000000000000009', roleIds: [] }, NOW).size).toBe(0);
  });

  it('a role may hold several grants: write on one section and read on another', () => {
    const access = {
      roles: [
        grant({ id: ROLE_MOD, level: 'write', subjects: ['greeting'] }),
        grant({ id: ROLE_MOD, level: 'read', subjects: ['levels', 'greeting'] }),
      ],
      members: [],
    };
    const levels = grantedLevels(access, { userId: USER, roleIds: [ROLE_MOD] }, NOW);
    expect(Object.fromEntries(levels)).toEqual({ greeting: 'write', levels: 'read' });
  });

  it('"All settings" opens every grantable subject and never AntiNuke or Dashboard Access', () => {
    const levels = grantedLevels({ roles: [], members: [grant({ id: USER })] }, { userId: USER, roleIds: [] }, NOW);
    expect([...levels.keys()]).toEqual([...GRANTABLE_SUBJECTS]);
    expect(GRANTABLE_SUBJECTS).not.toContain('antinuke');
    expect(GRANTABLE_SUBJECTS).not.toContain('dashboard-access');
    expect(GRANTABLE_SUBJECTS).toContain('role-menus');
  });

  it('an expired grant opens nothing, from the instant of its expiry', () => {
    const at = (expires_at: string) =>
      grantedLevels({ roles: [], members: [grant({ id: USER, expires_at })] }, { userId: USER, roleIds: [] }, NOW);
    expect(at('2026-11-27T12:00:00.001Z').size).toBe(GRANTABLE_SUBJECTS.length);
    expect(at('2026-11-27T12:00:00.000Z').size).toBe(0);
    expect(at('2026-01-01T00:00:00Z').size).toBe(0);
    expect(inForce({ expires_at: '' }, NOW)).toBe(true);
  });

  it('a subject the table no longer has opens nothing (a grant saved before a section was removed)', () => {
    const stale = grant({ id: USER, subjects: ['gone' as Grant['subjects'][number], 'basic'] });
    expect([...grantedLevels({ roles: [], members: [stale] }, { userId: USER, roleIds: [] }, NOW)]).toEqual([['basic', 'read']]);
  });

  it('the next expiry is the earliest among the grants in force', () => {
    const access = {
      roles: [grant({ id: ROLE_MOD, expires_at: '2026-12-01T00:00:00Z' })],
      members: [
        grant({ id: USER, expires_at: '2026-11-28T00:00:00Z' }),
        grant({ id: '100000000000000002', expires_at: '2026-11-27T13:00:00Z' }),
      ],
    };
    expect(nextExpiry(access, { userId: USER, roleIds: [ROLE_MOD] }, NOW)?.toISOString()).toBe('2026-11-28T00:00:00.000Z');
    expect(nextExpiry(access, { userId: USER, roleIds: [] }, new Date('2026-11-29T00:00:00Z'))).toBeNull();
  });

  it('write allows read, read does not allow write', () => {
    expect(allows('write', 'read')).toBe(true);
    expect(allows('read', 'write')).toBe(false);
    expect(allows(undefined, 'read')).toBe(false);
    expect(higherLevel('read', 'write')).toBe('write');
  });

  it('only the owner and Administrator may change Dashboard Access: Manage Server is not enough', () => {
    expect(isAdministrator({ owner: true, permissions: '0' })).toBe(true);
    expect(isAdministrator({ owner: false, permissions: String(1n << 3n) })).toBe(true);
    expect(isAdministrator({ owner: false, permissions: String(1n << 5n) })).toBe(false);
  });
});
