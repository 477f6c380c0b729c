#!/usr/bin/env node
// npm run generate: schemas/ -> generated/. See ARCHITECTURE.md for the steps.
//
//   node scripts/generate/index.mjs [--schemas <dir>] [--out <dir>] [--check]
//
// --check writes nothing: it exits 1 and names the stale files when <out> differs from what would be written.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkBounds } from './bounds.mjs';
import { buildOpenApi } from './build-openapi.mjs';
import { compile } from './compile.mjs';
import { emitClient } from './emit-client.mjs';
import { emitLimits } from './emit-limits.mjs';
import { emitModules } from './emit-modules.mjs';
import { emitSearchIndex } from './emit-search-index.mjs';
import { emitSectionModules } from './emit-section-modules.mjs';
import { emitTypes } from './emit-types.mjs';
import { extractCollectionUi, extractUi } from './extract-ui.mjs';
import { checkImageMessages } from './keywords/x-image.mjs';
import { checkScheduleMessages } from './keywords/x-schedule.mjs';
import { checkReferenceMessages } from './keywords/x-reference.mjs';
import { sortKeys } from './lib/json.mjs';
import { load } from './load.mjs';
import { resolve } from './resolve.mjs';
import { compare, DEFAULT_OUT, format, REPO, write } from './write.mjs';

/** The whole pipeline, in memory. @returns {Promise<Record<string, string>>} file name -> final content */
export async function generate(schemasDir = path.join(REPO, 'schemas')) {
  const catalog = await load(schemasDir); //                1. read and check schemas/ and the tables
  checkReferenceMessages(catalog.files); //                  1d. every x-reference gives the words its check says
  checkImageMessages(catalog.files); //                      1d. and every x-image the words of the upload and its check
  checkScheduleMessages(catalog.files); //                   1e. and every x-schedule the words of its checks
  const bundles = resolve(catalog); //                       2. self-contained copy of each schema
  checkBounds(catalog, bundles); //                          2b. every field a client writes has an upper bound
  const compiled = compile(catalog, bundles); //             3. Ajv standalone validators
  const types = await emitTypes(catalog); //                 4. types.d.ts
  const uiSchemas = extractUi(catalog, bundles); //          5. RJSF uiSchemas from x-ui
  const collectionUiSchemas = extractCollectionUi(catalog, bundles); // 5. and each collection item's
  const openapi = buildOpenApi(catalog); //                  6. OpenAPI 3.1 document
  const client = emitClient(catalog); //                     7. the typed client (client.js, client.d.ts)
  const files = emitModules({ catalog, bundles, compiled, types, uiSchemas, openapi, client }); // 8. the output files
  Object.assign(files, emitSectionModules({ catalog, bundles, compiled, uiSchemas, collectionUiSchemas })); //  8b. one module per section
  Object.assign(files, emitLimits(catalog)); //              8c. limits.js: our limit keywords' numbers for code
  Object.assign(files, emitSearchIndex({ catalog, bundles })); // 8d. search-index.js: sections and fields for the palette
  return format(sortKeys(files)); //                         9. prettier + banners (write/compare below)
}

async function main() {
  const { values } = parseArgs({
    options: { schemas: { type: 'string' }, out: { type: 'string' }, check: { type: 'boolean', default: false } },
  });
  const schemasDir = path.resolve(values.schemas ?? path.join(REPO, 'schemas'));
  const outDir = path.resolve(values.out ?? DEFAULT_OUT);
  const shown = path.relative(process.cwd(), outDir) || '.';
  const files = await generate(schemasDir);

  if (values.check) {
    const { changed, extraneous } = await compare(outDir, files);
    if (changed.length || extraneous.length) {
      console.error(`${shown} is stale; run npm run generate.`);
      for (const name of changed) console.error(`  differs or missing: ${name}`);
      for (const name of extraneous) console.error(`  not generated (delete it): ${name}`);
      process.exitCode = 1;
    } else {
      console.log(`${shown} is up to date (${Object.keys(files).length} files).`);
    }
    return;
  }
  const { written, extraneous } = await write(outDir, files);
  console.log(
    `${shown}: ${written.length} of ${Object.keys(files).length} files written${written.length ? `: ${written.join(', ')}` : ''}.`,
  );
  for (const name of extraneous) console.warn(`  warning: ${name} is not generated; delete it (--check fails on it).`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error.name === 'SchemaError' ? `generate: ${error.message}` : error);
    process.exitCode = 2;
  });
}
