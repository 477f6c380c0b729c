#!/usr/bin/env node
// `npm run dev`: the backend (rebuilt and restarted on change) and Vite's hot-reloading dev server.
// Open http://localhost:5173: Vite forwards /api and /sandbox to the backend, and PUBLIC_URL points
// OAuth2 callbacks at Vite so sign-in comes back to the hot-reloading app.
import { spawn } from 'node:child_process';

const env = { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' };
const children = [
  spawn('npm', ['run', 'dev', '-w', 'backend'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', 'frontend'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', (code) => code && process.exitCode === undefined && (process.exitCode = code)));
