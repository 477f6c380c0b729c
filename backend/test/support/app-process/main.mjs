// The app in a process of its own (the environment is its configuration), for tests that kill it: it tells its parent
// where it listens over the IPC channel, and closes on 'stop'.
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
await import('reflect-metadata');
const { createApp } = await import('../../../src/app.ts');
const running = await createApp(process.env);
const { keyId, keySecret } = running.config.payments;
process.send?.({ url: running.url, payments: { keyId, keySecret } });
process.on('message', async (message) => {
  if (message !== 'stop') return;
  await running.close();
  process.exit(0);
});
