// A throwaway PostgreSQL server for the benches: the part of backend/test/support/postgres-server.ts they need (that
// file is TypeScript for vitest, and the benches are plain node). Debian's binaries (apt-get install postgresql), trust
// authentication on 127.0.0.1 only, fsync off as in the tests: the figures are round trips and CPU, not the disk.
// Everything lives in a temporary directory that stop() removes.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** initdb and pg_ctl from the newest /usr/lib/postgresql/<version>/bin; null when PostgreSQL is not installed. */
export function findPostgresBinaries() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => /^\d+(\.\d+)?$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const initdb = path.join(root, version, 'bin', 'initdb');
    const pgCtl = path.join(root, version, 'bin', 'pg_ctl');
    if (existsSync(initdb) && existsSync(pgCtl)) return { initdb, pgCtl };
  }
  return null;
}

/** Starts a server with one empty database; resolves to `{ url, stop }`. */
export async function startPostgresServer(binaries = findPostgresBinaries()) {
  if (!binaries) throw new Error('PostgreSQL server binaries not found in /usr/lib/postgresql/*/bin');
  const base = await mkdtemp(path.join(os.tmpdir(), 'guildhall-bench-pg-'));
  const dataDir = path.join(base, 'data');
  // initdb refuses to run as root: the server tools then run as the postgres system user.
  const asRoot = process.getuid?.() === 0;
  const tool = async (file, args) => {
    const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
    try {
      await run(command, commandArgs, { cwd: base, timeout: 60_000 });
    } catch (error) {
      throw new Error(`${path.basename(file)} failed: ${error.message}\n${error.stdout ?? ''}${error.stderr ?? ''}`, { cause: error });
    }
  };
  // A bench stopped half-way (Ctrl-C, an exception) must not leave a server running.
  const onExit = () => {
    const args = ['-D', dataDir, '-m', 'immediate', 'stop'];
    if (asRoot) spawnSync('runuser', ['-u', 'postgres', '--', binaries.pgCtl, ...args], { stdio: 'ignore' });
    else spawnSync(binaries.pgCtl, args, { stdio: 'ignore' });
  };
  let initialised = false;
  try {
    if (asRoot) {
      const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
      const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
      await chown(base, uid, gid);
    }
    await tool(binaries.initdb, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
    initialised = true;
    const port = await freePort();
    const serverOptions = `-p ${port} -k ${base} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
    process.once('exit', onExit);
    try {
      await tool(binaries.pgCtl, ['-D', dataDir, '-o', serverOptions, '-l', path.join(base, 'server.log'), '-w', '-t', '30', 'start']);
    } catch (error) {
      const log = await readFile(path.join(base, 'server.log'), 'utf8').catch(() => '');
      throw new Error(`${error.message}\nserver.log:\n${log}`, { cause: error });
    }
    // The `postgres` database initdb makes is empty and ours alone: no CREATE DATABASE (and no pg client) needed.
    let stopping;
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      stop: () =>
        (stopping ??= (async () => {
          try {
            await tool(binaries.pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
          } finally {
            process.removeListener('exit', onExit);
            await rm(base, { recursive: true, force: true });
          }
        })()),
    };
  } catch (error) {
    // pg_ctl may have started the server before failing (its -w wait timed out).
    if (initialised) onExit();
    process.removeListener('exit', onExit);
    await rm(base, { recursive: true, force: true });
    throw error;
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
