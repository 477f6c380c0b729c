// Module hooks that let a plain `node` process run the backend's TypeScript source as the tests' vitest does: SWC with
// legacy decorators and their metadata (NestJS needs it), and the `.js` of a relative import read as its `.ts`.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from '@swc/core';

// Each start of the app compiles a few hundred files; a test that restarts it twenty times reads them from here after
// the first (keyed by the source's bytes, so an edit is compiled again).
const CACHE = path.join(tmpdir(), 'guildhall-app-process-swc');

const relative = (specifier) => specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('file:');

export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (err) {
    if (err?.code !== 'ERR_MODULE_NOT_FOUND' || !specifier.endsWith('.js') || !relative(specifier)) throw err;
    return next(`${specifier.slice(0, -3)}.ts`, context);
  }
}

export async function load(url, context, next) {
  if (!url.startsWith('file:') || !url.endsWith('.ts') || url.endsWith('.d.ts')) return next(url, context);
  const filename = fileURLToPath(url);
  const source = await readFile(filename, 'utf8');
  const cached = path.join(CACHE, `${createHash('sha256').update(filename).update('\0').update(source).digest('hex')}.js`);
  const hit = await readFile(cached, 'utf8').catch(() => undefined);
  if (hit !== undefined) return { format: 'module', source: hit, shortCircuit: true };
  const { code } = await transform(source, {
    filename,
    sourceMaps: 'inline',
    module: { type: 'es6' },
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      experimental: { keepImportAttributes: true, emitAssertForImportAttributes: false },
      target: 'es2023',
    },
  });
  // Written aside and renamed: two processes compiling one file at once never read half of it.
  await mkdir(CACHE, { recursive: true });
  const partial = `${cached}.${process.pid}.tmp`;
  await writeFile(partial, code);
  await rename(partial, cached);
  return { format: 'module', source: code, shortCircuit: true };
}
