import { ApiError } from '../../../api/client';

/** The Ticket categories page's messages, verbatim. */
export const MESSAGES = {
  loadTitle: 'Error Loading Categories',
  load: 'Failed to load category settings. Please try refreshing the page.',
  add: 'Failed to add category. Please try again.',
  remove: 'Failed to remove category. Please try again.',
  setDefault: 'Failed to set default category. Please try again.',
} as const;

export type CategoryListType = 'open' | 'closed';

export const LISTS: { type: CategoryListType; title: string; purpose: string; empty: string }[] = [
  { type: 'open', title: 'Open Categories', purpose: 'Where new tickets are created.', empty: 'No open categories yet.' },
  { type: 'closed', title: 'Closed Categories', purpose: 'Where resolved tickets are moved.', empty: 'No closed categories yet.' },
];

/** The spec's rule for every failure here: the server's error field when it sent one, else the page's sentence. */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && typeof error.body.error === 'string' && error.body.error ? error.body.error : fallback;
}
