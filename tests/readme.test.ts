import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('README stays true', () => {
  it('documents every environment variable the schema accepts', () => {
    const schema = JSON.parse(read('schemas/config/environment.json')) as { properties: Record<string, unknown> };
    const readme = read('README.md');
    const documented = new Set([...readme.matchAll(/^\| `([A-Z_]+)` +\|/gm)].map((m) => m[1]));
    const missing = Object.keys(schema.properties).filter((name) => !documented.has(name));
    expect(missing).toEqual([]);
  });

  it('gives the two commands, and CI runs exactly the test command', () => {
    const readme = read('README.md');
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
    expect(read('.ci/run')).toMatch(/^npm test$/m);
  });
});
