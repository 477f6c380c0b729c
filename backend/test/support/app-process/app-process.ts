import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';

const MAIN = path.join(import.meta.dirname, 'main.mjs');

/** What the app process tells its parent once it listens. */
export interface AppProcessReady {
  url: string;
  /** The payment sandbox's key, so a test can call its API and controls as the app's adapter does. */
  payments: { keyId: string; keySecret: string };
}

export interface AppProcess extends AppProcessReady {
  child: ChildProcess;
  /** Resolves once the process has ended, however it ended. */
  exited: Promise<void>;
  /** SIGKILL: no shutdown hook runs, nothing is flushed or closed, as when a machine loses power to the process. */
  kill(): Promise<void>;
  /** A clean shutdown: the app closes (its database with it), then the process ends. */
  stop(): Promise<void>;
}

/**
 * The app in a process of its own (main.mjs, the backend's TypeScript source compiled on load), configured by `env`
 * over the test defaults, for tests that kill it and start it again on the same data.
 */
export async function startAppProcess(env: Record<string, string>): Promise<AppProcess> {
  const child = fork(MAIN, {
    env: {
      ...process.env,
      LOG_LEVEL: 'error',
      RATE_LIMIT_MAX: '100000',
      SANDBOX_RATE_LIMIT_MAX: '100000',
      SANDBOX_GUILDS_RATE_LIMIT: '1000',
      ...env,
    },
    execArgv: ['--conditions=source'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<AppProcessReady>((resolve, reject) => {
    child.once('message', (message) => resolve(message as AppProcessReady));
    child.once('exit', (code, signal) => reject(new Error(`the app process ended (${code ?? signal}) before it listened`)));
  });
  return {
    ...ready,
    child,
    exited,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.send('stop');
      await exited;
    },
  };
}
