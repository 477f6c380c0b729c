import { randomUUID } from 'node:crypto';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { TranscriptSummary, TranscriptUpload } from '@guildhall/generated/types';
import { GUILD_RECORD_CAPS, oldestBeyondCap } from '../bot-api/guild-record-caps.js';
import { ApiError } from '../http/api-error.js';
import { STORAGE, type StoragePort, type StoredRecord } from '../storage/storage.port.js';

/**
 * Two records collections, one id: `transcripts` holds what the table lists (small, read by the list and the retention
 * job), `transcript-bodies` the upload as the bot sent it (up to megabytes, read only to download). Both carry the guild.
 */
export const TRANSCRIPTS = 'transcripts';
export const TRANSCRIPT_BODIES = 'transcript-bodies';

/** A transcript's row in the table: its summary without the id (the record's). */
export type TranscriptEntry = Omit<TranscriptSummary, 'id'>;

export const TRANSCRIPT_NOT_FOUND = 'Transcript not found';

/** The newest transcripts kept per guild, whatever their retention (bot-api/guild-record-caps.ts says why). */
export const TRANSCRIPT_CAP = GUILD_RECORD_CAPS.transcripts;

export interface TranscriptQuery {
  /** Part of the ticket id or the user name, any case. */
  q?: string;
  /** The start of the created date, e.g. 2026-11-22. */
  date?: string;
}

/**
 * The transcript's date: when the ticket closed, normalised to UTC ISO so a date filter reads it alike everywhere (the
 * schema's pattern admits only dates JavaScript reads; should one not be, it stays as sent rather than fail).
 */
export function createdAtOf(transcript: TranscriptUpload): string {
  const date = new Date(transcript.closedAt);
  return Number.isNaN(date.getTime()) ? transcript.closedAt : date.toISOString();
}

const summaryOf = (record: StoredRecord<TranscriptEntry>): TranscriptSummary => ({ id: record.id, ...record.data });

@Injectable()
export class TranscriptsService {
  constructor(@Inject(STORAGE) private readonly storage: StoragePort) {}

  async save(guildId: string, upload: TranscriptUpload): Promise<TranscriptSummary> {
    const id = randomUUID();
    const entry: TranscriptEntry = {
      ticketId: upload.ticketId,
      userName: upload.openedBy.username,
      createdAt: createdAtOf(upload),
      size: Buffer.byteLength(JSON.stringify(upload), 'utf8'),
    };
    // The body first: a listed transcript always has one to download.
    await this.storage.records.insert<TranscriptUpload>(TRANSCRIPT_BODIES, { id, guildId, data: upload });
    let saved: StoredRecord<TranscriptEntry>;
    try {
      saved = await this.storage.records.insert<TranscriptEntry>(TRANSCRIPTS, { id, guildId, data: entry });
    } catch (err) {
      await this.storage.records.delete(TRANSCRIPT_BODIES, id).catch(() => undefined);
      throw err;
    }
    // In the upload itself, not left to the hourly retention job: the cap holds whenever the bot's upload is answered.
    for (const oldest of await oldestBeyondCap(this.storage.records, TRANSCRIPTS, guildId, TRANSCRIPT_CAP)) {
      await deleteTranscript(this.storage, oldest.id);
    }
    return summaryOf(saved);
  }

  /** Newest first. */
  async list(guildId: string, query: TranscriptQuery = {}): Promise<TranscriptSummary[]> {
    const records = await this.storage.records.list<TranscriptEntry>(TRANSCRIPTS, { guildId });
    const needle = query.q?.trim().toLowerCase();
    return records
      .map(summaryOf)
      .filter((t) => !needle || t.ticketId.toLowerCase().includes(needle) || t.userName.toLowerCase().includes(needle))
      .filter((t) => !query.date || t.createdAt.startsWith(query.date))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /** The guild's transcript as uploaded; another guild's id is as unknown as a made-up one. */
  async get(guildId: string, id: string): Promise<StoredRecord<TranscriptUpload>> {
    const record = await this.storage.records.get<TranscriptUpload>(TRANSCRIPT_BODIES, id);
    if (!record || record.guildId !== guildId) throw new ApiError(HttpStatus.NOT_FOUND, TRANSCRIPT_NOT_FOUND);
    return record;
  }

  async delete(guildId: string, id: string): Promise<void> {
    const entry = await this.storage.records.get(TRANSCRIPTS, id);
    if (!entry || entry.guildId !== guildId) throw new ApiError(HttpStatus.NOT_FOUND, TRANSCRIPT_NOT_FOUND);
    await deleteTranscript(this.storage, id);
  }
}

/** The listed entry first (the table stops showing it), then its body. */
export async function deleteTranscript(storage: Pick<StoragePort, 'records'>, id: string): Promise<boolean> {
  const deleted = await storage.records.delete(TRANSCRIPTS, id);
  await storage.records.delete(TRANSCRIPT_BODIES, id);
  return deleted;
}
