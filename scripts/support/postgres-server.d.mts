export interface PostgresBinaries {
  initdb: string;
  pgCtl: string;
}

export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:PORT/guildhall_test */
  url: string;
  port: number;
  /** Creates another empty database on this server and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  /** Stops the server and removes its directory. Idempotent. */
  stop(): Promise<void>;
}

/** initdb and pg_ctl from the newest /usr/lib/postgresql/<version>/bin, else from PATH; null if absent. */
export function findPostgresBinaries(): PostgresBinaries | null;
/** Starts a throwaway server with an empty database `guildhall_test`. */
export function startPostgresServer(): Promise<PostgresServer>;
