#!/usr/bin/env node
// `npm run dev`: common, the backend and the sandboxes (rebuilt and restarted on change) and Vite's hot-reloading dev server.
// Open http://localhost:5173: Vite forwards /api and /sandbox to the backend, and PUBLIC_URL points
// OAuth2 callbacks at Vite so sign-in comes back to the hot-reloading app.
import { spawn, spawnSync } from 'node:child_process';

const env = { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' };
// Node runs @guildhall/common and the sandboxes from their dist/: build them once before the backend starts (the
// sandboxes read the backend's declarations, so the backend first), then keep them rebuilt (node --watch restarts the
// backend when they change). Vite reads common's TypeScript source itself.
for (const workspace of ['common', 'backend', 'sandboxes/discord', 'sandboxes/razorpay']) {
  const built = spawnSync('npm', ['run', 'build', '-w', workspace], { stdio: 'inherit', env });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const children = [
  spawn('npm', ['run', 'dev', '-w', 'common'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', 'sandboxes/discord'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', 'sandboxes/razorpay'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', 'backend'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', 'frontend'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', (code) => code && process.exitCode === undefined && (process.exitCode = code)));
