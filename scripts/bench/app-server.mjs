// The full Guildhall app in its own process (the built backend), for the benchmarks and the throwaway-section test.
import { createApp } from '../../backend/dist/app.js';

const running = await createApp({
  ...process.env,
  PORT: '0',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_MAX: '100000000',
  SANDBOX_GUILDS_RATE_LIMIT: '100000',
});
process.send?.({ url: running.url });
process.on('message', async (msg) => {
  if (msg === 'stop') {
    await running.close();
    process.exit(0);
  }
});
