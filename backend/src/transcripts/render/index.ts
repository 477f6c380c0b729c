import type { TranscriptUpload } from '@guildhall/generated/types';
import type { TranscriptFormat } from '../transcript-config.js';
import { renderHtml } from './html.js';
import { renderJson } from './json.js';
import { renderTxt } from './txt.js';

/** One renderer per format, with the media type its file is served as. */
export const RENDERERS: Record<TranscriptFormat, { contentType: string; render: (id: string, transcript: TranscriptUpload) => string }> = {
  html: { contentType: 'text/html; charset=utf-8', render: renderHtml },
  txt: { contentType: 'text/plain; charset=utf-8', render: renderTxt },
  json: { contentType: 'application/json; charset=utf-8', render: renderJson },
};
