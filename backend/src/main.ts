import { createApp } from './app.js';
import { ConfigError } from './config/config.js';
import { DataDirInUseError } from './storage/pglite.executor.js';

/** `npm start`: run until SIGINT/SIGTERM, then finish requests in flight and close the database. */
async function main() {
  let running;
  try {
    running = await createApp(process.env);
  } catch (err) {
    if (err instanceof ConfigError || err instanceof DataDirInUseError) {
      console.error(err.message);
      return process.exit(1);
    }
    throw err;
  }
  const { logger } = running;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

void main();
