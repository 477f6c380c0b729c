import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema } from 'mongoose';
import type { ChangeAction, ChangeAuthor } from '../storage.port.js';
import type { PatchOperation } from '@guildhall/common/json-patch';

/**
 * The MongoDB adapter's documents, one mongoose model per collection, in the shape a bot developer would expect to
 * read: one `settings` document per guild and section (`_id` "guildId:section"), records by "collection:id", sessions
 * by their id, history entries by their change's id. Every key a uniqueness or an idempotency rests on is an `_id`,
 * so single-document atomic writes are enough: no multi-document transaction is needed (README, "MongoDB").
 */
const options = { versionKey: false, minimize: false, strict: true } as const;

/**
 * A change written into its document together with the data (one atomic write), then moved to `history`
 * (mongo.storage.ts, "Changes"). `previous` is the document it replaced (null when there was none), so a change that
 * cannot be moved can be undone.
 */
export interface PendingChange {
  /** The history entry's `_id`: moving it twice writes it once. */
  token: string;
  /**
   * pending: its writer is moving it; forwarding: someone else is (its writer died, or its batch committed); undoing:
   * being undone. The states and their transitions: mongo.storage.ts, the class comment.
   */
  state: 'pending' | 'forwarding' | 'undoing';
  /** putMany's batch, when the change is one section of one. */
  batch: string | null;
  action: ChangeAction;
  author: ChangeAuthor | null;
  revertOf: number | null;
  patch: PatchOperation[];
  /** What the history entry says was written: the new version, or 0 for a deletion. */
  version: number;
  previous: unknown;
  at: Date;
  /** When the state last changed: a change no one has moved on for a while is presumed abandoned by its writer. */
  since: Date;
}

@Schema({ ...options, collection: 'settings' })
export class SettingsEntity {
  /** "guildId:section" */
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true }) guildId!: string;
  @Prop({ type: String, required: true }) section!: string;
  /** Optimistic concurrency: 1 on the first save, +1 on each; a save names the version it read. */
  @Prop({ type: Number, required: true }) version!: number;
  /** The section's settings as the dashboard saved them; the published schema (/api/schemas/...) is the contract. */
  @Prop({ type: MongooseSchema.Types.Mixed }) data!: unknown;
  @Prop({ type: Date, required: true }) createdAt!: Date;
  @Prop({ type: Date, required: true }) updatedAt!: Date;
  @Prop({ type: MongooseSchema.Types.Mixed }) change?: PendingChange;
}

@Schema({ ...options, collection: 'records' })
export class RecordEntity {
  /** "collection:id" */
  @Prop({ type: String, required: true }) _id!: string;
  /** The port's collection (panels, transcripts, orders...): `collection` itself is a name mongoose reserves. */
  @Prop({ type: String, required: true }) collectionName!: string;
  @Prop({ type: String, required: true }) id!: string;
  @Prop({ type: String, default: null }) guildId!: string | null;
  @Prop({ type: Number, required: true }) version!: number;
  @Prop({ type: MongooseSchema.Types.Mixed }) data!: unknown;
  /** Breaks createdAt ties so "oldest first" is insertion order: an ObjectId, increasing within one process. */
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true }) seq!: unknown;
  @Prop({ type: Date, required: true }) createdAt!: Date;
  @Prop({ type: Date, required: true }) updatedAt!: Date;
  /** A recorded deletion in progress: the record is gone for readers, and removed once its change is in history. */
  @Prop({ type: Boolean }) deleted?: boolean;
  @Prop({ type: MongooseSchema.Types.Mixed }) change?: PendingChange;
}

@Schema({ ...options, collection: 'sessions' })
export class SessionEntity {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: MongooseSchema.Types.Mixed }) data!: unknown;
  /** A TTL index removes expired sessions on a real server; reads compare with the clock anyway. */
  @Prop({ type: Date, required: true }) expiresAt!: Date;
}

@Schema({ ...options, collection: 'history' })
export class HistoryEntity {
  /** The change's token (PendingChange.token). */
  @Prop({ type: String, required: true }) _id!: string;
  /** The change feed's cursor: handed out under the history lease, so ids follow the order entries land. */
  @Prop({ type: Number, required: true }) id!: number;
  @Prop({ type: String, required: true }) guildId!: string;
  @Prop({ type: String, required: true }) scope!: 'settings' | 'records';
  @Prop({ type: String, required: true }) key!: string;
  @Prop({ type: String, default: null }) itemId!: string | null;
  @Prop({ type: Number, required: true }) version!: number;
  @Prop({ type: String, required: true }) action!: ChangeAction;
  @Prop({ type: MongooseSchema.Types.Mixed, default: null }) author!: ChangeAuthor | null;
  @Prop({ type: MongooseSchema.Types.Mixed }) patch!: PatchOperation[];
  @Prop({ type: Number, default: null }) revertOf!: number | null;
  @Prop({ type: Date, required: true }) at!: Date;
}

/** putMany's commit record: its sections' changes count once it says committed. */
@Schema({ ...options, collection: 'batches' })
export class BatchEntity {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true }) guildId!: string;
  @Prop({ type: String, required: true }) state!: 'applying' | 'committed' | 'aborted';
  @Prop({ type: Date, required: true }) createdAt!: Date;
}

/** Counters and leases: `history` (the next history id, and the lease its writers take), `migrations`; `history-dropped:<guild>` (the guild's highest history id retention dropped). */
@Schema({ ...options, collection: 'locks' })
export class LockEntity {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: Number, default: 0 }) seq!: number;
  @Prop({ type: MongooseSchema.Types.Mixed, default: null }) lease!: { holder: string; until: Date } | null;
}

/** Migrations applied, by id. */
@Schema({ ...options, collection: 'migrations' })
export class MigrationEntity {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: Date, required: true }) appliedAt!: Date;
}

export const SettingsSchema = SchemaFactory.createForClass(SettingsEntity);
export const RecordSchema = SchemaFactory.createForClass(RecordEntity);
export const SessionSchema = SchemaFactory.createForClass(SessionEntity);
export const HistorySchema = SchemaFactory.createForClass(HistoryEntity);
export const BatchSchema = SchemaFactory.createForClass(BatchEntity);
export const LockSchema = SchemaFactory.createForClass(LockEntity);
export const MigrationSchema = SchemaFactory.createForClass(MigrationEntity);
