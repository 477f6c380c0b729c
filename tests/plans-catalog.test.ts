// The plan catalog (schemas/plans/plans.json) is data the generator validates against schemas/plans/plan-catalog.json
// and emits as @guildhall/generated/plans, for the plan pages now and the server's price computation later.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { planCatalog } from '@guildhall/generated/plans';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const GENERATOR = path.join(REPO, 'scripts/generate/index.mjs');
const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const source = () => JSON.parse(readFileSync(path.join(REPO, 'schemas/plans/plans.json'), 'utf8'));

/** Runs the generator's staleness check over a copy of schemas/ whose plan catalog was changed. */
function checkWith(change: (catalog: Record<string, any>) => void) {
  const dir = mkdtempSync(path.join(tmpdir(), 'guildhall-plans-'));
  temps.push(dir);
  cpSync(path.join(REPO, 'schemas'), dir, { recursive: true });
  const catalog = source();
  change(catalog);
  writeFileSync(path.join(dir, 'plans/plans.json'), JSON.stringify(catalog));
  return spawnSync(process.execPath, [GENERATOR, '--check', '--schemas', dir], { cwd: REPO, encoding: 'utf8' });
}

/** The same over a copy whose sections table was changed (its collections name plan-catalog features). */
function checkWithSections(change: (table: Record<string, any>) => void) {
  const dir = mkdtempSync(path.join(tmpdir(), 'guildhall-plans-'));
  temps.push(dir);
  cpSync(path.join(REPO, 'schemas'), dir, { recursive: true });
  const table = JSON.parse(readFileSync(path.join(REPO, 'schemas/sections.json'), 'utf8'));
  change(table);
  writeFileSync(path.join(dir, 'sections.json'), JSON.stringify(table));
  return spawnSync(process.execPath, [GENERATOR, '--check', '--schemas', dir], { cwd: REPO, encoding: 'utf8' });
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

  it('fails generation when a plan lacks a price for a duration', () => {
    const result = checkWith((c) => delete c.plans[1].prices.lifetime);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/plans\/plans\.json.*lifetime/);
  });

  it('fails generation on a limit that is neither a number nor included, unlimited or not shown', () => {
    const result = checkWith((c) => (c.limits[0].limits.starter = 'lots'));
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/plans\/plans\.json/);
  });

  it('fails generation on two plans with one URL name, and on two Most Popular durations', () => {
    const slug = checkWith((c) => (c.plans[2].slug = 'basic'));
    expect(slug.status).toBe(2);
    expect(slug.stderr).toMatch(/plans\/plans\.json.*slug "basic"/);
    const popular = checkWith((c) => (c.periods[0].mostPopular = true));
    expect(popular.status).toBe(2);
    expect(popular.stderr).toMatch(/at most one period is mostPopular/);
  });

  it("fails generation on a collection whose planLimit or premiumFeature is not the catalog's (a typo)", () => {
    const panels = (t: Record<string, any>) => t.collections.find((c: { name: string }) => c.name === 'panels');
    const embeds = (t: Record<string, any>) => t.collections.find((c: { name: string }) => c.name === 'embeds');
    expect(checkWithSections(() => undefined).status).toBe(0);
    const limit = checkWithSections((t) => (panels(t).planLimit = 'Ticket Panels'));
    expect(limit.status).toBe(2);
    expect(limit.stderr).toMatch(/sections\.json.*planLimit "Ticket Panels" is not a feature/);
    const notCounted = checkWithSections((t) => (panels(t).planLimit = 'Antinuke Protection'));
    expect(notCounted.status).toBe(2);
    expect(notCounted.stderr).toMatch(/planLimit "Antinuke Protection" gives plan starter "included"/);
    const feature = checkWithSections((t) => (embeds(t).premiumFeature = 'Custom Embed'));
    expect(feature.status).toBe(2);
    expect(feature.stderr).toMatch(/sections\.json.*premiumFeature "Custom Embed" is not one of/);
  });
});
