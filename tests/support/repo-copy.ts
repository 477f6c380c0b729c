// A throwaway copy of the repository, for tests that must prove something about the repository as a newcomer gets
// it: a fresh clone with nothing beside it (no ../shared), or a change made only in the copy (a new schema and a
// table row, then `node scripts/generate/index.mjs`, `npx tsc` and vitest run there).
//
//   const copy = await copyRepository();            // the files git would commit, as they are in the working tree
//   writeFileSync(path.join(copy.root, 'schemas/...'), ...);
//   const result = await copy.run('node', ['scripts/generate/index.mjs']);
//   expect(result.code, result.output).toBe(0);
//   copy.cleanup();                                 // in afterAll
//
// Nothing is installed: the copy's node_modules is a real folder of links to this repository's packages, except the
// workspaces (@guildhall/generated, common, backend, frontend), which link to the copy's own folders so that a
// change in the copy is what its code imports. Dot folders (.vite, .vite-temp caches) are left out so tools write
// their caches in the copy, never in this repository.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** This repository's root (the folder holding package.json). */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface RunResult {
  /** Exit code; null when a signal (or the timeout) ended the process. */
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr together, for assertion messages. */
  output: string;
}

export interface RunOptions {
  /** Relative to the copy's root. Default: the root. */
  cwd?: string;
  /** Added to the environment (which keeps the caller's, minus the VITEST_* variables of a surrounding vitest). */
  env?: Record<string, string>;
  /** Milliseconds before the process is killed. Default 5 minutes. */
  timeoutMs?: number;
}

export interface RepoCopy {
  /** The copy's root; it is the only entry of its temp folder. */
  root: string;
  /** Runs a command in the copy and collects its output (never throws for a non-zero exit). */
  run(command: string, args?: readonly string[], options?: RunOptions): Promise<RunResult>;
  /** Deletes the copy (links only: this repository's node_modules are never touched). */
  cleanup(): void;
}

export interface CopyOptions {
  /** Copy from this checkout instead of the one holding this file. */
  from?: string;
  /** Also make the copy a git repository with every file committed (for code that asks git what is tracked). */
  git?: boolean;
}

/** The files a fresh clone would have, plus new files not yet committed, as they are in the working tree. */
export function repositoryFiles(from: string = REPO_ROOT): string[] {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: from, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed in ${from}: ${listed.stderr}`);
  // A file deleted in the working tree but not yet in the index is still listed; the copy follows the working tree.
  return listed.stdout.split('\0').filter((file) => file && existsSync(path.join(from, file)));
}

export async function copyRepository(options: CopyOptions = {}): Promise<RepoCopy> {
  const from = options.from ?? REPO_ROOT;
  const parent = mkdtempSync(path.join(tmpdir(), 'guildhall-copy-'));
  const root = path.join(parent, 'guildhall');
  try {
    for (const file of repositoryFiles(from)) {
      const target = path.join(root, file);
      mkdirSync(path.dirname(target), { recursive: true });
      copyFileSync(path.join(from, file), target);
    }
    for (const dir of packageFolders(from))
      linkNodeModules(path.join(from, dir, 'node_modules'), path.join(root, dir, 'node_modules'), from, root);
    if (options.git) commitEverything(root);
  } catch (error) {
    rmSync(parent, { recursive: true, force: true });
    throw error;
  }
  return {
    root,
    run: (command, args = [], runOptions = {}) => run(root, command, args, runOptions),
    cleanup: () => rmSync(parent, { recursive: true, force: true }),
  };
}

/** The root and every workspace folder that has its own node_modules (frontend keeps its own vite, for one). */
function packageFolders(from: string): string[] {
  const workspaces = readdirSync(from).filter((name) => !name.startsWith('.') && name !== 'node_modules');
  return ['.', ...workspaces.filter((name) => existsSync(path.join(from, name, 'node_modules')))];
}

function linkNodeModules(source: string, target: string, from: string, root: string): void {
  mkdirSync(target, { recursive: true });
  for (const name of readdirSync(source)) {
    if (name.startsWith('.') && name !== '.bin') continue;
    const entry = path.join(source, name);
    if (name.startsWith('@') && readdirSync(entry).some((child) => workspaceIn(path.join(entry, child), from))) {
      linkNodeModules(entry, path.join(target, name), from, root);
      continue;
    }
    const workspace = workspaceIn(entry, from);
    symlinkSync(workspace === undefined ? entry : path.join(root, workspace), path.join(target, name));
  }
}

/** For a link into the repository's own folders (an npm workspace), that folder relative to the root. */
function workspaceIn(entry: string, from: string): string | undefined {
  if (!lstatSync(entry).isSymbolicLink()) return undefined;
  const relative = path.relative(realpathSync(from), realpathSync(entry));
  if (relative.startsWith('..') || path.isAbsolute(relative) || relative.split(path.sep).includes('node_modules')) return undefined;
  return relative;
}

function commitEverything(root: string): void {
  const git = (...args: string[]) => {
    const result = spawnSync('git', ['-c', 'user.name=copy', '-c', 'user.email=copy@example.invalid', ...args], {
      cwd: root,
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed in the copy: ${result.stderr}`);
  };
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '--no-verify', '-m', 'copy');
}

function run(root: string, command: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  // A vitest inside a vitest would take the outer one's worker variables for its own.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')));
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: path.join(root, options.cwd ?? '.'),
      env: { ...env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: options.timeoutMs ?? 5 * 60_000,
    });
    let stdout = '';
    let stderr = '';
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
      output += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, output }));
  });
}
