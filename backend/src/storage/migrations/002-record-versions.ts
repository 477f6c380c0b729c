import type { Migration } from './migration.js';

/**
 * Records get an optimistic-concurrency version (collections: a save names the version it was based on). Existing
 * records start at 1; every update adds 1.
 */
export const migration002RecordVersions: Migration = {
  id: '002-record-versions',
  sql: `
    ALTER TABLE records ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version > 0);
  `,
};
