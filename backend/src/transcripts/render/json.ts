import type { TranscriptUpload } from '@guildhall/generated/types';

/** The transcript as JSON: the upload as the bot sent it (schemas/api/transcript-upload.json), with its id. */
export function renderJson(id: string, transcript: TranscriptUpload): string {
  return `${JSON.stringify({ id, ...transcript }, null, 2)}\n`;
}
