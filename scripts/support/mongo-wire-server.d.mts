export interface TestMongo {
  /** 'wire-server': the npm wire server (server.mjs); 'mongodb': the real server at MONGODB_TEST_URL. */
  kind: 'wire-server' | 'mongodb';
  /** A mongodb:// URL naming `database` on this server. */
  url(database: string): string;
  stop(): Promise<void>;
}
export function startMongoWireServer(): Promise<TestMongo>;
export function startMongoForTests(env?: NodeJS.ProcessEnv): Promise<TestMongo>;
