import { migration001Initial } from './001-initial.js';
import type { Migration } from './migration.js';

export type { Migration } from './migration.js';

/** Every migration, in the order they are applied. Append only. */
export const MIGRATIONS: readonly Migration[] = [migration001Initial];
