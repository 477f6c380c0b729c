/**
 * A schema change, applied once, in its own transaction. SQL lives in TypeScript modules because
 * tsc does not copy .sql files into dist. Never edit a migration once released: add a new one.
 */
export interface Migration {
  /** Sortable and unique, e.g. '001-initial'; recorded in schema_migrations. */
  id: string;
  sql: string;
}
