import type { Migration } from './migration.js';

export const migration001Initial: Migration = {
  id: '001-initial',
  sql: `
    CREATE TABLE settings (
      guild_id   text        NOT NULL,
      section    text        NOT NULL,
      version    integer     NOT NULL CHECK (version > 0),
      data       jsonb       NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (guild_id, section)
    );

    CREATE TABLE records (
      -- Ids are scoped by collection: two collections may use the same id.
      collection text        NOT NULL,
      id         text        NOT NULL,
      guild_id   text,
      data       jsonb       NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      -- Breaks created_at ties so "oldest first" is insertion order, stable across pages.
      seq        bigint      GENERATED ALWAYS AS IDENTITY,
      PRIMARY KEY (collection, id)
    );
    CREATE INDEX records_collection_guild_created_idx ON records (collection, guild_id, created_at, seq);
    -- Listing a whole collection (no guild filter) in order.
    CREATE INDEX records_collection_created_idx ON records (collection, created_at, seq);

    CREATE TABLE sessions (
      sid        text        PRIMARY KEY,
      data       jsonb       NOT NULL,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);
  `,
};
