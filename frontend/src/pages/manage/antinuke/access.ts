import type { Capabilities } from '../../../form/core/access';

/** The caller's AntiNuke level (spec 2:7), highest first. */
export type AccessLevel = 'owner' | 'extra_owner' | 'whitelist' | 'none';

export const ACCESS_LABELS: Record<AccessLevel, string> = {
  owner: 'Guild Owner',
  extra_owner: 'Extra Owner',
  whitelist: 'Whitelisted',
  none: 'No Access',
};

/** The capabilities the settings GET reports and the schema's x-access names. */
export const CAPABILITIES = ['view', 'editSettings', 'manageModules', 'manageWhitelist', 'manageExtraOwners', 'manageBypassRole'] as const;
export type Capability = (typeof CAPABILITIES)[number];

/**
 * `access` of GET /api/guild/:guildId/settings/antinuke, as the backend adds it (not yet in the generated types):
 * the level, its badge label and message, a flag per capability, and the lock text for each one missing.
 */
export interface AntinukeAccess {
  level: AccessLevel;
  label: string;
  message: string;
  capabilities: Capabilities & Record<Capability, boolean>;
  denied: Partial<Record<Capability, string>>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Reads `access` from the answer defensively: anything missing is no right, unknown levels are 'none'. */
export function readAccess(answer: unknown): AntinukeAccess | null {
  const raw = isRecord(answer) ? answer.access : undefined;
  if (!isRecord(raw)) return null;
  const level: AccessLevel = typeof raw.level === 'string' && raw.level in ACCESS_LABELS ? (raw.level as AccessLevel) : 'none';
  const flags = isRecord(raw.capabilities) ? raw.capabilities : {};
  const capabilities = Object.fromEntries(CAPABILITIES.map((c) => [c, flags[c] === true])) as AntinukeAccess['capabilities'];
  const deniedRaw = isRecord(raw.denied) ? raw.denied : {};
  const denied = Object.fromEntries(
    Object.entries(deniedRaw).filter((e): e is [Capability, string] => typeof e[1] === 'string'),
  ) as AntinukeAccess['denied'];
  return {
    level,
    label: typeof raw.label === 'string' && raw.label ? raw.label : ACCESS_LABELS[level],
    message: typeof raw.message === 'string' ? raw.message : '',
    capabilities,
    denied,
  };
}

/** Whether the user may change anything at all: otherwise the page offers a disabled 'View Only' button. */
export function mayEdit(access: AntinukeAccess): boolean {
  return CAPABILITIES.some((c) => c !== 'view' && access.capabilities[c]);
}
