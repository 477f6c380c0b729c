import type { StoredTranscript } from '../transcripts.service.js';

/** The transcript as JSON: the upload as the bot sent it (schemas/api/transcript-upload.json), with its id. */
export function renderJson(id: string, transcript: StoredTranscript): string {
  const { size: _size, ...upload } = transcript;
  return `${JSON.stringify({ id, ...upload }, null, 2)}\n`;
}
