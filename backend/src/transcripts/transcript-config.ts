import { sections } from '@guildhall/generated/sections';
import type { SettingsService } from '../settings/settings.service.js';

export type TranscriptFormat = 'html' | 'txt' | 'json';
export const TRANSCRIPT_FORMATS: readonly TranscriptFormat[] = ['html', 'txt', 'json'];

export interface TranscriptConfig {
  format: TranscriptFormat;
  retentionDays: number;
}

/** The settings section that configures transcripts (schemas/settings/transcripts.json, its own piece of work). */
const SECTION = 'transcripts';
/** Until that section exists: the spec's defaults (html, 30 days). Once it does, its schema's defaults apply. */
const FALLBACK: TranscriptConfig = { format: 'html', retentionDays: 30 };

export const transcriptsSectionKnown = (): boolean => Object.prototype.hasOwnProperty.call(sections, SECTION);

/** A guild's transcript format and retention, read through the settings mechanism (defaults applied) when it knows the section. */
export async function transcriptConfig(settings: SettingsService, guildId: string): Promise<TranscriptConfig> {
  if (!transcriptsSectionKnown()) return FALLBACK;
  const { settings: stored } = await settings.read(guildId, SECTION);
  const { format, retentionDays } = (stored ?? {}) as { format?: unknown; retentionDays?: unknown };
  return {
    format: TRANSCRIPT_FORMATS.includes(format as TranscriptFormat) ? (format as TranscriptFormat) : FALLBACK.format,
    retentionDays:
      typeof retentionDays === 'number' && Number.isInteger(retentionDays) && retentionDays >= 1 ? retentionDays : FALLBACK.retentionDays,
  };
}
