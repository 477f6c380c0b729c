// The full Guildhall app in its own process (the built backend), for the benchmarks and the throwaway-section test.
// On 'profile-start' / 'profile-stop' it records a V8 CPU profile of what it does in between (bench:api --profile).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createApp } from '../../backend/dist/app.js';

const running = await createApp({
  ...process.env,
  PORT: '0',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_MAX: '100000000',
  SANDBOX_GUILDS_RATE_LIMIT: '100000',
});
let profiler;
process.send?.({ url: running.url });
process.on('message', async (msg) => {
  if (msg === 'stop') {
    await running.close();
    process.exit(0);
  } else if (msg === 'cpu') {
    process.send?.({ cpu: process.cpuUsage() });
  } else if (msg === 'rss') {
    process.send?.({ rss: process.memoryUsage().rss });
  } else if (msg === 'profile-start') {
    profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
    process.send?.({ profiling: true });
  } else if (typeof msg === 'object' && msg?.profileStop) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(msg.profileStop, JSON.stringify(profile));
    profiler.disconnect();
    process.send?.({ profiled: msg.profileStop });
  }
});
