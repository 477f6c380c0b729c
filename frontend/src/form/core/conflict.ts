import { ApiError } from '../../api/client';

/** A 409 answer: the settings were saved elsewhere since they were loaded; the body carries what is stored now. */
export interface Conflict<T> {
  version: number;
  settings: T;
}

/** The stored document a save collided with, or null when the error is not a 409. */
export function conflictOf<T>(err: unknown): Conflict<T> | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  return { version: Number(err.body.version ?? 0), settings: err.body.settings as T };
}
