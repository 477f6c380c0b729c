import type { MongoModels } from './mongo.models.js';

/**
 * A MongoDB migration: applied at start-up, in id order, once (recorded in `migrations`). Runs hold the `migrations`
 * lease, so instances starting together take turns; each step must still be idempotent (creating an index that
 * exists is a no-op), since a run that dies between its step and its record is run again by the next start.
 * Index specs are written out here, not read from the schemas, so a migration means what it meant when it shipped.
 */
export interface MongoMigration {
  id: string;
  up(models: MongoModels): Promise<void>;
}

export const MONGO_MIGRATIONS: readonly MongoMigration[] = [
  {
    id: '001-collections',
    async up({ settings, records, sessions, history, batches, locks }) {
      // A bot reads every section of a guild at once.
      await settings.collection.createIndex({ guildId: 1 }, { name: 'settings_guild' });
      // Changes left behind by a writer that died, found by the start-up sweep.
      await settings.collection.createIndex({ 'change.since': 1 }, { name: 'settings_change', sparse: true });
      await records.collection.createIndex(
        { collectionName: 1, guildId: 1, createdAt: 1, seq: 1 },
        { name: 'records_collection_guild_created' },
      );
      await records.collection.createIndex({ collectionName: 1, createdAt: 1, seq: 1 }, { name: 'records_collection_created' });
      await records.collection.createIndex({ 'change.since': 1 }, { name: 'records_change', sparse: true });
      // A real server removes expired sessions itself; reads compare expiresAt with the clock anyway.
      await sessions.collection.createIndex({ expiresAt: 1 }, { name: 'sessions_expires', expireAfterSeconds: 0 });
      await history.collection.createIndex({ id: 1 }, { name: 'history_id', unique: true });
      await history.collection.createIndex({ guildId: 1, id: -1 }, { name: 'history_guild' });
      await history.collection.createIndex({ guildId: 1, scope: 1, key: 1, itemId: 1, id: -1 }, { name: 'history_guild_key' });
      await history.collection.createIndex({ guildId: 1, 'author.userId': 1, id: -1 }, { name: 'history_guild_author' });
      await batches.collection.createIndex({ createdAt: 1 }, { name: 'batches_created' });
      await ensureCounter(locks, 'history');
    },
  },
  {
    // History is kept per subject (guild, scope, key): retention walks one subject's entries newest first.
    id: '002-history-subject',
    async up({ history }) {
      await history.collection.createIndex({ guildId: 1, scope: 1, key: 1, id: -1 }, { name: 'history_guild_subject' });
    },
  },
];

/** The counter-and-lease document `name` in `locks`, created once whoever gets there first. */
export async function ensureCounter(locks: MongoModels['locks'], name: string): Promise<void> {
  try {
    await locks.updateOne({ _id: name }, { $setOnInsert: { seq: 0, lease: null } }, { upsert: true });
  } catch (error) {
    // Two upserts racing on one _id: the loser's E11000 means the document exists, which is all we need.
    if ((error as { code?: unknown }).code !== 11000) throw error;
  }
}
