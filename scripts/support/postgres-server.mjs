/**
 * A throwaway PostgreSQL server for tests and benches, from the distribution's binaries (Debian:
 * postgresql package, /usr/lib/postgresql/<version>/bin). Trust authentication on 127.0.0.1
 * only; everything lives in a temporary directory removed by stop().
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port.mjs';

const run = promisify(execFile);

/** initdb and pg_ctl from the newest /usr/lib/postgresql/<version>/bin, else from PATH; null if absent. */
export function findPostgresBinaries() {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => /^\d+(\.\d+)?$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const bin = path.join(root, version, 'bin');
      const initdb = path.join(bin, 'initdb');
      const pgCtl = path.join(bin, 'pg_ctl');
      if (existsSync(initdb) && existsSync(pgCtl)) return { initdb, pgCtl };
    }
  }
  const initdb = onPath('initdb');
  const pgCtl = onPath('pg_ctl');
  return initdb && pgCtl ? { initdb, pgCtl } : null;
}

function onPath(command) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, command))) return path.join(dir, command);
  }
  return null;
}

export async function startPostgresServer() {
  const binaries = findPostgresBinaries();
  if (!binaries) {
    throw new Error(
      'PostgreSQL server binaries (initdb, pg_ctl) not found in /usr/lib/postgresql/*/bin or on PATH. ' +
        'Install them (Debian: apt-get install postgresql).',
    );
  }
  const base = await mkdtemp(path.join(os.tmpdir(), 'guildhall-pg-'));
  const dataDir = path.join(base, 'data');
  // initdb refuses to run as root: run the server tools as the postgres system user instead.
  const asRoot = process.getuid?.() === 0;
  const tool = async (file, args) => {
    const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
    try {
      await run(command, commandArgs, { cwd: base, timeout: 60_000 });
    } catch (error) {
      const { stdout = '', stderr = '' } = error;
      throw new Error(`${path.basename(file)} failed: ${String(error.message)}\n${stdout}${stderr}`, { cause: error });
    }
  };
  let initialised = false;
  const onExit = () => {
    // Last resort if the test process ends without stop(): never leave a server behind.
    const args = ['-D', dataDir, '-m', 'immediate', 'stop'];
    if (asRoot) spawnSync('runuser', ['-u', 'postgres', '--', binaries.pgCtl, ...args], { stdio: 'ignore' });
    else spawnSync(binaries.pgCtl, args, { stdio: 'ignore' });
  };
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
    const urlFor = (database) => `postgres://postgres@127.0.0.1:${port}/${database}`;
    const createDatabase = async (name = `guildhall_${Math.random().toString(36).slice(2, 10)}`) => {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe database name ${name}`);
      const client = new pg.Client({ connectionString: urlFor('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return urlFor(name);
    };
    const url = await createDatabase('guildhall_test');
    let stopping;
    return {
      url,
      port,
      createDatabase,
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
    // pg_ctl may have started the server before failing (e.g. the -w wait timed out).
    if (initialised) onExit();
    process.removeListener('exit', onExit);
    await rm(base, { recursive: true, force: true });
    throw error;
  }
}
