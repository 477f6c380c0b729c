// What the benchmarks, the end-to-end config and the throwaway-section test share: a server in a process of its own,
// and Debian's Chromium started the one way this machine allows.
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Starts `scripts/bench/<script>` of the checkout at `root` (this one, or a copy) in its own process; resolves when it
 * says where it listens.
 */
export function startServer(script, env = {}, root = path.resolve(import.meta.dirname, '../..')) {
  const child = fork(path.join(root, 'scripts/bench', script), { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, url: m.url }));
    child.once('exit', (code) => reject(new Error(`${script} exited ${code}`)));
  });
}

/** Asks a server started by startServer to close (finishing requests, closing its database) and waits for it. */
export function stopServer(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.send('stop');
  });
}

// Debian's headless shell of the same Chromium (the package chromium-headless-shell, what Playwright itself runs for
// headless tests) when it is installed: the whole browser, in headless mode, cost the end-to-end run 205 s where the
// shell took 157 s here. Else Debian's Chromium. CHROMIUM_PATH overrides both.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** Debian's Chromium, with no background traffic: this machine's network is closed (see the env notes). */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * Signs `username` in through the Discord sandbox over plain HTTP (login_as approves at once) and keeps the cookies:
 * `req` sends them (and stores what the answers set), `cookie()` is the Cookie header, `csrf()` the anti-forgery token.
 */
export async function signIn(base, username) {
  const jar = new Map();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const req = async (url, init = {}) => {
    const headers = { cookie: cookie(), ...init.headers };
    const res = await fetch(url.startsWith('http') ? url : base + url, { redirect: 'manual', ...init, headers });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return res;
  };
  const login = await req('/api/login');
  const authorize = new URL(login.headers.get('location'));
  authorize.searchParams.set('login_as', username);
  const approved = await req(authorize.toString());
  await req(approved.headers.get('location'));
  return { cookie, req, csrf: () => decodeURIComponent(jar.get('XSRF-TOKEN') ?? '') };
}
