import type { AccessBySection, SectionAccessOf } from '@guildhall/generated/types';

/** The caller's AntiNuke level, as the sections table names them. */
export type AccessLevel = AccessBySection['antinuke']['level'];

export const ACCESS_LABELS: Record<AccessLevel, string> = {
  owner: 'Guild Owner',
  extra_owner: 'Extra Owner',
  whitelist: 'Whitelisted',
  none: 'No Access',
};

/** A capability of AntiNuke: view, and the schema's x-access values (generated from the table and the schema). */
export type Capability = AccessBySection['antinuke']['capability'];
/** The same at run time; `satisfies` and the check below keep it equal to the generated union. */
export const CAPABILITIES = [
  'view',
  'editSettings',
  'manageModules',
  'manageWhitelist',
  'manageExtraOwners',
  'manageBypassRole',
] as const satisfies readonly Capability[];
const everyCapabilityListed: Exclude<Capability, (typeof CAPABILITIES)[number]> extends never ? true : never = true;
void everyCapabilityListed;

/** `access` of GET /api/guild/:guildId/settings/antinuke: level, badge label, message, flags, lock texts. */
export type AntinukeAccess = SectionAccessOf<'antinuke'>;

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
