import { migration001Initial } from './001-initial.js';
import { migration002RecordVersions } from './002-record-versions.js';
import { migration003History } from './003-history.js';
import { migration004HistorySubjectRetention } from './004-history-subject-retention.js';
import { migration005HistoryDropped } from './005-history-dropped.js';
import type { Migration } from './migration.js';

export type { Migration } from './migration.js';

/** Every migration, in the order they are applied. Append only. */
export const MIGRATIONS: readonly Migration[] = [
  migration001Initial,
  migration002RecordVersions,
  migration003History,
  migration004HistorySubjectRetention,
  migration005HistoryDropped,
];
