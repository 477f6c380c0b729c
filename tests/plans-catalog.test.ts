// The plan catalog (schemas/plans/plans.json) is data the generator validates against schemas/plans/plan-catalog.json
// and emits as @guildhall/generated/plans, for the plan pages now and the server's price computation later.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { planCatalog } from '@guildhall/generated/plans';
import { generate } from '../scripts/generate/index.mjs';
import { refusal } from './support/generator.js';
import { compare, DEFAULT_OUT } from '../scripts/generate/write.mjs';

// The generator runs in-process (generate(), what its CLI runs): these tests are about what it refuses and why, not
// about the CLI, whose exit codes and output tests/generate.test.ts covers.
const REPO = fileURLToPath(new URL('..', import.meta.url));
const temps: string[] = [];
afterAll(() => Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true }))));

const source = () => JSON.parse(readFileSync(path.join(REPO, 'schemas/plans/plans.json'), 'utf8'));

/** A copy of schemas/ with one JSON file (relative path) replaced by `data`. */
function schemasWith(rel: string, data: unknown) {
  const dir = mkdtempSync(path.join(tmpdir(), 'guildhall-plans-'));
  temps.push(dir);
  cpSync(path.join(REPO, 'schemas'), dir, { recursive: true });
  writeFileSync(path.join(dir, rel), JSON.stringify(data));
  return dir;
}

/** A copy of schemas/ whose plan catalog was changed. */
function withCatalog(change: (catalog: Record<string, any>) => void) {
  const catalog = source();
  change(catalog);
  return schemasWith('plans/plans.json', catalog);
}

/** The same with the sections table changed (its collections name plan-catalog features). */
function withSections(change: (table: Record<string, any>) => void) {
  const table = JSON.parse(readFileSync(path.join(REPO, 'schemas/sections.json'), 'utf8'));
  change(table);
  return schemasWith('sections.json', table);
}

describe('plan catalog', () => {
  it('is emitted as generated/plans.js exactly as schemas/plans/plans.json holds it, frozen', () => {
    const { $schema: _pointer, ...data } = source();
    expect(planCatalog).toEqual(data);
    expect(Object.isFrozen(planCatalog.plans[0]!.prices)).toBe(true);
  });

  it('is data, not a schema: it is neither published nor given a validator', () => {
    const openapi = JSON.parse(readFileSync(path.join(REPO, 'generated/openapi.json'), 'utf8'));
    expect(Object.keys(openapi.components.schemas)).not.toContain('PlanCatalog');
    expect(readFileSync(path.join(REPO, 'generated/validators.js'), 'utf8')).not.toContain('plan-catalog');
  });

  it('fails generation when a plan lacks a price for a duration', async () => {
    expect(await refusal(withCatalog((c) => delete c.plans[1].prices.lifetime))).toMatch(/plans\/plans\.json.*lifetime/);
  });

  it('fails generation on a limit that is neither a number nor included, unlimited or not shown', async () => {
    expect(await refusal(withCatalog((c) => (c.limits[0].limits.starter = 'lots')))).toMatch(/plans\/plans\.json/);
  });

  it('fails generation on two plans with one URL name, and on two Most Popular durations', async () => {
    expect(await refusal(withCatalog((c) => (c.plans[2].slug = 'basic')))).toMatch(/plans\/plans\.json.*slug "basic"/);
    expect(await refusal(withCatalog((c) => (c.periods[0].mostPopular = true)))).toMatch(/at most one period is mostPopular/);
  });

  it("fails generation on a collection whose planLimit or premiumFeature is not the catalog's (a typo)", async () => {
    const panels = (t: Record<string, any>) => t.collections.find((c: { name: string }) => c.name === 'panels');
    const embeds = (t: Record<string, any>) => t.collections.find((c: { name: string }) => c.name === 'embeds');
    // The copy itself, unchanged, generates the committed generated/ (what --check compares).
    expect(await compare(DEFAULT_OUT, await generate(withSections(() => undefined)))).toEqual({ changed: [], extraneous: [] });
    expect(await refusal(withSections((t) => (panels(t).planLimit = 'Ticket Panels')))).toMatch(
      /sections\.json.*planLimit "Ticket Panels" is not a feature/,
    );
    expect(await refusal(withSections((t) => (panels(t).planLimit = 'Antinuke Protection')))).toMatch(
      /planLimit "Antinuke Protection" gives plan starter "included"/,
    );
    expect(await refusal(withSections((t) => (embeds(t).premiumFeature = 'Custom Embed')))).toMatch(
      /sections\.json.*premiumFeature "Custom Embed" is not one of/,
    );
  });
});
