import type { Migration } from './migration.js';

/**
 * The configuration history (storage.port.ts HistoryEntry): one row per recorded change of a settings section or a
 * collection item, written in the transaction of the change itself. `id` is the change feed's cursor; the adapter
 * hands ids out under a transaction-level advisory lock, so they follow commit order.
 */
export const migration003History: Migration = {
  id: '003-history',
  sql: `
    CREATE TABLE history (
      id         bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      guild_id   text        NOT NULL,
      scope      text        NOT NULL CHECK (scope IN ('settings', 'records')),
      key        text        NOT NULL,
      item_id    text,
      version    integer     NOT NULL CHECK (version >= 0),
      action     text        NOT NULL,
      author     jsonb,
      patch      jsonb       NOT NULL,
      revert_of  bigint,
      at         timestamptz NOT NULL DEFAULT now()
    );
    -- The timeline (newest first, paged by id) and retention.
    CREATE INDEX history_guild_id_idx ON history (guild_id, id DESC);
    -- Filtered by section or collection (and item).
    CREATE INDEX history_guild_key_idx ON history (guild_id, scope, key, item_id, id DESC);
    -- Filtered by author.
    CREATE INDEX history_guild_author_idx ON history (guild_id, (author ->> 'userId'), id DESC);
  `,
};
