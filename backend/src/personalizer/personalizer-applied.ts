import type { PersonalizerStatus } from '@guildhall/generated/types';
import { RecordExistsError, type StoragePort } from '../storage/storage.port.js';

/** What the dashboard last applied to Discord in a guild (an Apply or a Reset): records, id and guildId the guild's. */
export const PERSONALIZER_APPLIED = 'personalizer-applied';

export type AppliedProfile = NonNullable<PersonalizerStatus['applied']>;

export async function readApplied(storage: StoragePort, guildId: string): Promise<AppliedProfile | null> {
  const record = await storage.records.get<AppliedProfile>(PERSONALIZER_APPLIED, guildId);
  return record?.guildId === guildId ? record.data : null;
}

/** Keeps what Discord accepted, replacing what was applied before. */
export async function storeApplied(storage: StoragePort, guildId: string, applied: AppliedProfile): Promise<void> {
  const updated = await storage.records.update(PERSONALIZER_APPLIED, guildId, applied);
  if (updated) return;
  try {
    await storage.records.insert(PERSONALIZER_APPLIED, { id: guildId, guildId, data: applied });
  } catch (err) {
    // Another apply stored its record first: this one, later, wins.
    if (!(err instanceof RecordExistsError)) throw err;
    await storage.records.update(PERSONALIZER_APPLIED, guildId, applied);
  }
}
