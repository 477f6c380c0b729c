import type { Connection, Model } from 'mongoose';
import {
  BatchSchema,
  type BatchEntity,
  HistorySchema,
  type HistoryEntity,
  LockSchema,
  type LockEntity,
  MigrationSchema,
  type MigrationEntity,
  RecordSchema,
  type RecordEntity,
  SessionSchema,
  type SessionEntity,
  SettingsSchema,
  type SettingsEntity,
} from './mongo.schemas.js';

export interface MongoModels {
  settings: Model<SettingsEntity>;
  records: Model<RecordEntity>;
  sessions: Model<SessionEntity>;
  history: Model<HistoryEntity>;
  batches: Model<BatchEntity>;
  locks: Model<LockEntity>;
  migrations: Model<MigrationEntity>;
}

/** The adapter's models on one connection (each collection is named in its schema). */
export function modelsOn(connection: Connection): MongoModels {
  return {
    settings: connection.model<SettingsEntity>('Settings', SettingsSchema),
    records: connection.model<RecordEntity>('Record', RecordSchema),
    sessions: connection.model<SessionEntity>('Session', SessionSchema),
    history: connection.model<HistoryEntity>('History', HistorySchema),
    batches: connection.model<BatchEntity>('Batch', BatchSchema),
    locks: connection.model<LockEntity>('Lock', LockSchema),
    migrations: connection.model<MigrationEntity>('Migration', MigrationSchema),
  };
}
