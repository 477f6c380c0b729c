// Module hooks that let a plain `node` process run the backend's TypeScript source as the tests' vitest does: SWC with
// legacy decorators and their metadata (NestJS needs it), and the `.js` of a relative import read as its `.ts`.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform } from '@swc/core';

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
  const { code } = await transform(await readFile(filename, 'utf8'), {
    filename,
    sourceMaps: 'inline',
    module: { type: 'es6' },
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      // The JSON modules' `with { type: 'json' }` must reach Node as written.
      experimental: { keepImportAttributes: true, emitAssertForImportAttributes: false },
      target: 'es2023',
    },
  });
  return { format: 'module', source: code, shortCircuit: true };
}
