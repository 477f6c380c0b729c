// The build ships RJSF without omitExtraData (src/form/omit-extra-data.ts, put in place by vite.config.ts; issue 26).
// RJSF's Form runs it only for a form given `omitExtraData`, and nothing else of ours calls the functions of its
// module: a form that starts asking for them fails here, not in a browser.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../src');
const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
  (file) => /\.tsx?$/.test(file) && !file.endsWith(`form${path.sep}omit-extra-data.ts`),
);
const NAMES = /\b(omitExtraData|liveOmit|getUsedFormData|getFieldNames|isValueEmpty|removeOptionalEmptyObjects)\b/;

describe("the form engine the build ships without RJSF's omitExtraData", () => {
  it('has no form of ours ask for it, nor call what its module exports', () => {
    expect(files.length).toBeGreaterThan(50);
    const asking = files.filter((file) => NAMES.test(readFileSync(path.join(src, file), 'utf8')));
    expect(asking).toEqual([]);
  });
});
