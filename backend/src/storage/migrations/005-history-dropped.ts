import type { Migration } from './migration.js';

/**
 * Retention keeps 500 entries per section and per collection, so the oldest entry left no longer tells whether a
 * change after some id was dropped. Each guild's highest dropped id is kept instead, written by the same statement
 * that drops (the change feed's reset: history.droppedAfter).
 */
export const migration005HistoryDropped: Migration = {
  id: '005-history-dropped',
  sql: `
    CREATE TABLE history_dropped (
      guild_id text PRIMARY KEY,
      max_id bigint NOT NULL
    );
  `,
};
