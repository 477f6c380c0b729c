// Dashboard Access: what a guild's grants (settings/dashboard-access.json) give one member, computed alike by the
// server, which enforces it, and the page, which shows who has access to what. Nothing here knows a section by name:
// the subjects a grant may name, `*` included, are the generated schema's (derived from the sections table).
import subjectFile from '@guildhall/generated/schema.dashboard-subject.json' with { type: 'json' };
import type { DashboardAccessSettings, DashboardSubject, GrantLevel } from '@guildhall/generated/types';

export type { GrantLevel };
export type Grant = DashboardAccessSettings['roles'][number];

/** `*` in a grant: every grantable subject, those added to the table later too. */
export const ALL_SUBJECTS = '*' satisfies DashboardSubject;

/** Every section and collection a grant may open (policy manage-guild), in the table's order. */
export const GRANTABLE_SUBJECTS: readonly Exclude<DashboardSubject, '*'>[] = (subjectFile.schema.enum as DashboardSubject[]).filter(
  (name): name is Exclude<DashboardSubject, '*'> => name !== ALL_SUBJECTS,
);

const RANK: Record<GrantLevel, number> = { read: 1, write: 2 };

/** The higher of two levels (write includes read). */
export function higherLevel(a: GrantLevel | undefined, b: GrantLevel | undefined): GrantLevel | undefined {
  if (!a) return b;
  if (!b) return a;
  return RANK[a] >= RANK[b] ? a : b;
}

/** Whether `held` allows `needed` (write allows read). */
export function allows(held: GrantLevel | undefined, needed: GrantLevel): boolean {
  return held !== undefined && RANK[held] >= RANK[needed];
}

/** A grant is in force until its expiry (exclusive); an empty expiry never ends. */
export function inForce(grant: Pick<Grant, 'expires_at'>, now: Date): boolean {
  return grant.expires_at === '' || Date.parse(grant.expires_at) > now.getTime();
}

/** Who asks: their Discord id and the ids of the roles they hold in the guild (from Discord, never from the client). */
export interface Grantee {
  userId: string;
  roleIds: readonly string[];
}

/**
 * Each grantable subject the member may open, with the highest level any of their grants in force gives it: their
 * own grant and every grant to a role they hold count, `*` counting for every subject. Subjects no grant opens are
 * absent. Grants naming a subject the table no longer has open nothing.
 */
export function grantedLevels(
  access: Pick<DashboardAccessSettings, 'roles' | 'members'> | undefined,
  grantee: Grantee,
  now: Date,
): Map<Exclude<DashboardSubject, '*'>, GrantLevel> {
  const levels = new Map<Exclude<DashboardSubject, '*'>, GrantLevel>();
  if (!access) return levels;
  const roles = new Set(grantee.roleIds);
  const mine = [
    ...(access.roles ?? []).filter((grant) => roles.has(grant.id)),
    ...(access.members ?? []).filter((grant) => grant.id === grantee.userId),
  ];
  for (const grant of mine) {
    if (!inForce(grant, now)) continue;
    const subjects = grant.subjects.includes(ALL_SUBJECTS) ? GRANTABLE_SUBJECTS : grant.subjects;
    for (const subject of subjects) {
      if (!(GRANTABLE_SUBJECTS as readonly string[]).includes(subject)) continue;
      const name = subject as Exclude<DashboardSubject, '*'>;
      levels.set(name, higherLevel(levels.get(name), grant.level)!);
    }
  }
  return levels;
}

/** When the member's access next changes by itself (the earliest expiry of their grants in force), or null. */
export function nextExpiry(
  access: Pick<DashboardAccessSettings, 'roles' | 'members'> | undefined,
  grantee: Grantee,
  now: Date,
): Date | null {
  if (!access) return null;
  const roles = new Set(grantee.roleIds);
  const times = [...(access.roles ?? []).filter((g) => roles.has(g.id)), ...(access.members ?? []).filter((g) => g.id === grantee.userId)]
    .filter((grant) => grant.expires_at !== '' && inForce(grant, now))
    .map((grant) => Date.parse(grant.expires_at));
  return times.length ? new Date(Math.min(...times)) : null;
}
