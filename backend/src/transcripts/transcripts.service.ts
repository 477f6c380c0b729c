import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { TranscriptSummary, TranscriptUpload } from '@guildhall/generated/types';
import { ApiError } from '../http/api-error.js';
import { STORAGE, type StoragePort, type StoredRecord } from '../storage/storage.port.js';

/** The records collection that holds transcripts (guildId set on each). */
export const TRANSCRIPTS = 'transcripts';

/** What is stored: the upload as the bot sent it, and its size in bytes (JSON, UTF-8). */
export type StoredTranscript = TranscriptUpload & { size: number };

export const TRANSCRIPT_NOT_FOUND = 'Transcript not found';

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

export function summaryOf(record: StoredRecord<StoredTranscript>): TranscriptSummary {
  const { data } = record;
  return { id: record.id, ticketId: data.ticketId, userName: data.openedBy.username, createdAt: createdAtOf(data), size: data.size };
}

@Injectable()
export class TranscriptsService {
  constructor(@Inject(STORAGE) private readonly storage: StoragePort) {}

  async save(guildId: string, upload: TranscriptUpload): Promise<TranscriptSummary> {
    const size = Buffer.byteLength(JSON.stringify(upload), 'utf8');
    const record = await this.storage.records.insert<StoredTranscript>(TRANSCRIPTS, { guildId, data: { ...upload, size } });
    return summaryOf(record);
  }

  /** Newest first. */
  async list(guildId: string, query: TranscriptQuery = {}): Promise<TranscriptSummary[]> {
    const records = await this.storage.records.list<StoredTranscript>(TRANSCRIPTS, { guildId });
    const needle = query.q?.trim().toLowerCase();
    return records
      .map(summaryOf)
      .filter((t) => !needle || t.ticketId.toLowerCase().includes(needle) || t.userName.toLowerCase().includes(needle))
      .filter((t) => !query.date || t.createdAt.startsWith(query.date))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /** The guild's transcript; another guild's id is as unknown as a made-up one. */
  async get(guildId: string, id: string): Promise<StoredRecord<StoredTranscript>> {
    const record = await this.storage.records.get<StoredTranscript>(TRANSCRIPTS, id);
    if (!record || record.guildId !== guildId) throw new ApiError(HttpStatus.NOT_FOUND, TRANSCRIPT_NOT_FOUND);
    return record;
  }

  async delete(guildId: string, id: string): Promise<void> {
    await this.get(guildId, id);
    await this.storage.records.delete(TRANSCRIPTS, id);
  }
}
