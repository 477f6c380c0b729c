/**
 * A section page's own words, from the x-ui hints on its schema's root (uiSchema `ui:options`): the spec gives each
 * page its messages and timings, and the next section gets them from its schema without page code.
 */
export interface SaveErrorMessages {
  /** The server answered no and said why: `{error}` is its words. */
  refused?: string;
  /** The server answered no without a reason. */
  unexplained?: string;
  /** No answer came (network): `{error}` is why. */
  unreachable?: string;
}

export interface PageOptions {
  savedMessage?: string;
  noticeSeconds?: number;
  resettable?: boolean;
  loadErrorMessage?: string;
  saveErrorMessages?: SaveErrorMessages;
  /** 'previous' (history back) or a path under /manage/{guildId}/. */
  back?: string;
}

export const DEFAULT_SAVED_MESSAGE = 'Settings saved successfully!';
export const DEFAULT_LOAD_ERROR = 'Failed to load settings';
const DEFAULT_SAVE_ERROR = 'Error saving settings: {error}';

/** What a failed save looks like to the page: the HTTP status it got (0: none) and the server's own error, if any. */
export interface SaveFailure {
  status: number;
  /** The server's `error`; absent when it gave none. */
  serverError?: string;
  /** The failure's message (the server's error, or why no answer came). */
  message: string;
}

const fill = (template: string, error: string) => template.replaceAll('{error}', error);

/** The banner after a failed save, in the page's words (see SaveErrorMessages), else 'Error saving settings: ...'. */
export function saveErrorMessage(failure: SaveFailure, messages: SaveErrorMessages = {}): string {
  if (failure.status === 0) return fill(messages.unreachable ?? DEFAULT_SAVE_ERROR, failure.message);
  if (failure.serverError) return fill(messages.refused ?? DEFAULT_SAVE_ERROR, failure.serverError);
  return messages.unexplained ?? fill(messages.refused ?? DEFAULT_SAVE_ERROR, failure.message);
}
