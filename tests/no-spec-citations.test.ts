// Comments, test names and schema descriptions say what the product does, not where the product spec says it: the spec
// is not in the repository, so a reader cannot follow "spec 1:2.7" or "§2.7". This test reads every file git would
// commit and names each line that cites a section of it by number; the planted examples below prove each form fires
// and that ordinary text (times, ratios, ternaries, "the spec's order") does not.
import { lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, repositoryFiles } from './support/repo-copy.js';

/** This file: its planted examples are citations on purpose. */
const SELF = 'tests/no-spec-citations.test.ts';
/**
 * Not read: generated/ is written from schemas/ (read here; `node scripts/generate/index.mjs --check` keeps the two in
 * step) and its minified validators are code, not prose; the lock file and images hold no prose of ours.
 */
const SKIPPED = /^generated\/|(?:^|\/)package-lock\.json$|\.(?:png|jpe?g|gif|ico|webp|woff2?)$/;

/** Forms that cite a section wherever they stand on a line. */
const CITATIONS: readonly RegExp[] = [
  /\bspec(?:ification)?(?:'s|’s)?\s+(?:part\s+)?[12]\b/i, // spec 1:2.14, Spec 2:9, spec part 1, (spec 2: ...)
  /\bspec\b[^\n]{0,40}?(?<![\w:./#@[-])[12]:\d/i, // the spec's bounds (2:5, 2:9)
  /§\s*\d/, // §2.7, part 1 §2.7
  /\bsections?\s+\d+(?:\.\d+)?\b/i, // the spec's table (section 6)
];
/** A bare part:section number ("2:9 timings"): only in a comment's text, where code's `a?1:2` cannot be. */
const BARE_NUMBER = /(?<![\w:./#@[-])[12]:\d{1,2}(?:\.\d{1,2})?(?![\w:/\]-])/;
/** The prose of a line: what follows `//` or `/*`, a JSDoc line (`* ...`), or a schema's description or $comment. */
const PROSE = /(?:\/\/|\/\*)(.*)$|^\s*\*(.*)$|"(?:description|\$comment|summary)"\s*:\s*"(.*)$/;

/** The 1-based numbers of the lines of `text` that cite a section of the spec by number. */
function specCitations(text: string): number[] {
  return text.split('\n').flatMap((line, index) => {
    const prose = PROSE.exec(line);
    const cites =
      CITATIONS.some((pattern) => pattern.test(line)) || (prose !== null && BARE_NUMBER.test(prose[1] ?? prose[2] ?? prose[3] ?? ''));
    return cites ? [index + 1] : [];
  });
}

describe('no citation of a spec section number', () => {
  it('holds for every file of the repository', () => {
    const files = repositoryFiles().filter(
      (file) => file !== SELF && !SKIPPED.test(file) && lstatSync(path.join(REPO_ROOT, file)).isFile(),
    );
    expect(files.length).toBeGreaterThan(500);
    const found = files.flatMap((file) => {
      const text = readFileSync(path.join(REPO_ROOT, file), 'utf8');
      if (text.includes('\0')) return [];
      const lines = text.split('\n');
      return specCitations(text).map((line) => `${file}:${line}: ${lines[line - 1]!.trim()}`);
    });
    expect(found).toEqual([]);
  });

  it.each([
    ['a part and section in a comment', '// Any click closes it (spec 1:2.7).'],
    ['a capitalised citation in JSDoc', '/** Spec 2:9: the list notices clear after 4 seconds. */'],
    ['a section number in a test name', "it('holds the prices of spec 1:9 in INR', () => {});"],
    ['a whole part', '/** Administrator (spec 2: the recommended bot permission). */'],
    ['a part named in words', ' * The public routes (spec part 1), each with its page.'],
    ['a possessive before bare numbers', "/** The spec's bounds (2:5, 2:9), so the schema cannot drift. */"],
    ['a section sign', '// as part 1 §2.7 says'],
    ['a numbered section', "// every cell of the spec's table (section 6)"],
    ['numbered sections', "// The spec's words (sections 6 and 8)."],
    ['a bare number in a comment', '// Transcripts, 2:9 timings), all from x-ui hints.'],
    ['a bare number on a JSDoc line', ' * the default panel (2:7), posted at once.'],
    ['a schema description', '  "description": "A guild the bot is in, as the showcase shows it (spec 1:3).",'],
    ['a bare number in a schema $comment', '  "$comment": "Bounds from 2:5 and 2:9."'],
  ])('fires on %s', (_, line) => {
    expect(specCitations(`const before = 1;\n${line}\nconst after = 2;`)).toEqual([2]);
  });

  it.each([
    ['a time of day', "expect(format(date)).toBe('12:30');"],
    ['a ternary', 'const n = a?1:2;'],
    ['a ratio in a comment', '// 16:9 images keep their shape'],
    ['a clock time after a word in a comment', '// the job runs at 12:05'],
    ['a URL with a port', "const url = 'http://localhost:1234/api';"],
    ['the spec named without a number', "/** The spec's order, 'BESIC FEATURES' included, as the spec spells it. */"],
    ['settings sections by name', '// sections basic, moderation and levels share one controller'],
    ['an npm package named spec', '"@standard-schema/spec": "1.1.0",'],
    ['an ISO timestamp', "const at = '2026-11-22T15:30:23.726000+00:00';"],
  ])('stays quiet on %s', (_, line) => {
    expect(specCitations(line)).toEqual([]);
  });
});
