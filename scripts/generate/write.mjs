// Step 9, write: format every file with prettier (fixed options: generated/ is prettier-ignored, and its bytes must
// not depend on where --out points or on anything but schemas/ and this generator), put the banner on top, then
// write the files or, with --check, compare them with what is on disk and name the stale ones.

import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { BANNER } from './emit-modules.mjs';

export const REPO = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const DEFAULT_OUT = path.join(REPO, 'generated');
const PRETTIER = { printWidth: 140, singleQuote: true, trailingComma: 'all', endOfLine: 'lf' };

/** @param {Record<string, string>} files name -> unformatted content @returns {Promise<Record<string, string>>} */
export async function format(files) {
  const out = {};
  await Promise.all(
    Object.entries(files).map(async ([name, text]) => {
      const filepath = path.join(DEFAULT_OUT, name); // picks the parser (babel, typescript, json, json-stringify)
      // JSON carries its banner inside ($comment / x-generated); code gets a comment line.
      const source = name.endsWith('.json') ? text : `// ${BANNER}\n${text}`;
      out[name] = await prettier.format(source, { ...PRETTIER, filepath });
    }),
  );
  return Object.fromEntries(Object.keys(files).map((name) => [name, out[name]]));
}

/** Writes the files that changed. @returns {Promise<{ written: string[], extraneous: string[] }>} */
export async function write(outDir, files) {
  await mkdir(outDir, { recursive: true });
  const { changed, extraneous } = await compare(outDir, files);
  for (const name of changed) {
    await mkdir(path.dirname(path.join(outDir, name)), { recursive: true }); // sections/, validators/...
    await writeFile(path.join(outDir, name), files[name]);
  }
  return { written: changed, extraneous };
}

/** @returns {Promise<{ changed: string[], extraneous: string[] }>} files that differ or are missing; files we would not write */
export async function compare(outDir, files) {
  const changed = [];
  for (const [name, content] of Object.entries(files)) {
    const current = await readFile(path.join(outDir, name), 'utf8').catch(() => null);
    if (current !== content) changed.push(name);
  }
  // Files of <out> and of the folders the generator writes into (sections/...), by their names in `files`.
  const folders = new Set([
    '',
    ...Object.keys(files)
      .map((name) => path.posix.dirname(name))
      .filter((dir) => dir !== '.'),
  ]);
  const present = [];
  for (const folder of folders) {
    const entries = await readdir(path.join(outDir, folder), { withFileTypes: true }).catch(() => []);
    for (const entry of entries)
      if (entry.isFile() && !entry.name.startsWith('.')) present.push(folder ? `${folder}/${entry.name}` : entry.name);
  }
  const extraneous = present.filter((name) => !Object.hasOwn(files, name)).sort();
  return { changed, extraneous };
}
