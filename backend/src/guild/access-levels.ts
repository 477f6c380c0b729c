import { isDeepStrictEqual } from 'node:util';
import { HttpStatus } from '@nestjs/common';
import type { SectionDefinition } from '@guildhall/generated/sections';
import type { SectionAccess } from '@guildhall/generated/types';
import { ApiError } from '../http/api-error.js';

/**
 * Access levels are data: a section with policy access-levels carries, in its row of schemas/sections.json, its levels
 * (highest first, each with `who` and its capabilities), and its schema names in `x-access` the capability each
 * property needs (generated as `propertyAccess`). Nothing here knows a section by name.
 */

/**
 * Who asks: their id and whether Discord says they own the guild (what a level asks of them), with the name and avatar
 * a save records as its author in the history (guild/caller.ts builds one from the session).
 */
export interface Caller {
  userId: string;
  guildOwner: boolean;
  userName: string;
  avatar: string | null;
  /**
   * Someone who does not manage the guild: the level their Dashboard Access grants give each section and collection
   * (absent for a manager, who needs none; a service refuses a write the grants do not allow).
   */
  grants?: ReadonlyMap<string, 'read' | 'write'>;
  /** The owner or a member with Administrator (who may change Dashboard Access); set from the guild the guard resolved. */
  administrator?: boolean;
}

/** view, then every capability the section's schema names in x-access, once each. */
export function capabilitiesOf(def: SectionDefinition): string[] {
  return ['view', ...new Set(Object.values(def.propertyAccess))];
}

/**
 * The caller's level in a section with levels, from Discord (guild-owner) and the STORED document (listedIn): a save
 * can never raise its own author's level. The first level whose `who` matches wins.
 */
export function accessOf(
  def: SectionDefinition,
  caller: Pick<Caller, 'userId' | 'guildOwner'>,
  stored: Record<string, unknown>,
): SectionAccess {
  const table = def.access;
  if (!table) throw new Error(`section ${def.name} has no access levels`);
  const level = table.levels.find(({ who }) => {
    if (who === 'guild-owner') return caller.guildOwner;
    const list = stored[who.listedIn.slice(1)];
    return Array.isArray(list) && list.includes(caller.userId);
  });
  const granted = new Set<string>(level?.capabilities ?? []);
  const all = capabilitiesOf(def);
  return {
    level: level?.name ?? 'none',
    label: level?.label ?? table.none.label,
    message: level?.message ?? table.none.message,
    capabilities: Object.fromEntries(all.map((capability) => [capability, granted.has(capability)])) as SectionAccess['capabilities'],
    denied: Object.fromEntries(
      all.filter((capability) => !granted.has(capability) && table.denied[capability]).map((c) => [c, table.denied[c]!]),
    ),
  };
}

/** 403 `Access denied: <reason>` for a caller on no level; for one lacking the capability, that capability's message. */
export function assertCapability(def: SectionDefinition, access: SectionAccess, capability: string): void {
  if (access.capabilities[capability]) return;
  const noLevel = access.level === 'none' || capability === 'view';
  const message = noLevel
    ? `Access denied: ${def.access!.none.message}`
    : (access.denied[capability] ?? `Access denied: ${access.message}`);
  throw new ApiError(HttpStatus.FORBIDDEN, message);
}

/**
 * A save may change only what the caller's capabilities cover: each top-level property of the new document (defaults
 * applied) is compared with the stored one (defaults applied); sending a value unchanged needs no capability. Refuses
 * with 403, the capability's `denied` message and the property's path in the body. A caller who may change nothing
 * (view only) is refused any save, with the message of the first property's capability.
 */
export function assertMayChange(
  def: SectionDefinition,
  access: SectionAccess,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): void {
  for (const [property, capability] of Object.entries(def.propertyAccess)) {
    if (access.capabilities[capability] || isDeepStrictEqual(before[property], after[property])) continue;
    const message = access.denied[capability] ?? `Access denied: ${access.message}`;
    throw new ApiError(HttpStatus.FORBIDDEN, message, { fieldErrors: [{ path: `/settings/${property}`, message }] });
  }
  // A level that may change nothing (whitelisted: view only) may not save at all, not even the same values.
  const needed = Object.values(def.propertyAccess);
  if (!needed.some((capability) => access.capabilities[capability])) {
    throw new ApiError(HttpStatus.FORBIDDEN, access.denied[needed[0]!] ?? `Access denied: ${access.message}`);
  }
}
