import type { Migration } from './migration.js';

/**
 * History is kept per subject (a section, or a collection with all its items): each recorded write drops the oldest
 * entries beyond HISTORY_RETENTION of its guild, scope and key. That walk goes newest first through one subject's
 * entries, which history_guild_key_idx (item_id before id) cannot hand out in id order for a collection.
 */
export const migration004HistorySubjectRetention: Migration = {
  id: '004-history-subject-retention',
  sql: `
    CREATE INDEX history_guild_subject_idx ON history (guild_id, scope, key, id DESC);
  `,
};
