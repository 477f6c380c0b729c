import { describe, expect, it } from 'vitest';
import {
  formatRupees,
  includedForAll,
  limits,
  periodForKey,
  periods,
  planForSlug,
  plans,
  policyPriceText,
  pricingPolicy,
  savingsPercent,
} from '../src/components/public/plans';
import { DOC_SECTIONS, searchDocs } from '../src/pages/public/docs-content';

const plan = (slug: string) => planForSlug(slug);
const period = (key: string) => periodForKey(key)!;

describe('plan catalog (schemas/plans/plans.json)', () => {
  it("holds each plan's prices in INR for 1 month, 3 months, 1 year and lifetime", () => {
    expect(plans.map((p) => [p.key, p.slug, p.name, p.prices])).toEqual([
      ['starter', 'basic', 'Basic', { monthly: 89, quarterly: 179, yearly: 999, lifetime: 1999 }],
      ['intermediate', 'standard', 'Standard', { monthly: 169, quarterly: 269, yearly: 1499, lifetime: 3999 }],
      ['unlimited', 'unlimited', 'Unlimited', { monthly: 199, quarterly: 369, yearly: 1999, lifetime: 6999 }],
    ]);
    expect(formatRupees(1999)).toBe('₹1,999');
  });

  it('offers 1 month, 3 months (Most Popular), 1 year and lifetime', () => {
    expect(periods.map((p) => [p.key, p.label, p.mostPopular ?? false])).toEqual([
      ['monthly', '1 month', false],
      ['quarterly', '3 months', true],
      ['yearly', '1 year', false],
      ['lifetime', 'Lifetime', false],
    ]);
  });

  it("keeps the spec's 14-row feature-limit table and the Scheduled Messages row after it, with included, numbers, unlimited and not shown", () => {
    const row = (feature: string) => limits.find((r) => r.feature === feature)!.limits;
    expect(limits).toHaveLength(15);
    expect(row('Scrims')).toEqual({ starter: 6, intermediate: 8, unlimited: 'unlimited' });
    expect(row('Antinuke Protection')).toEqual({ starter: 'included', intermediate: 'included', unlimited: 'unlimited' });
    expect(row('Drop Location Panel')).toEqual({ starter: 'included', intermediate: 'included', unlimited: 'included' });
    expect(row('Auto Purge')).toEqual({ starter: 6, intermediate: 8, unlimited: 'not shown' });
    expect(row('Cancel Claim Panel')).toEqual({ starter: 3, intermediate: 6, unlimited: 'unlimited' });
    expect(limits.at(-1)).toEqual({ feature: 'Scheduled Messages', limits: { starter: 3, intermediate: 10, unlimited: 'unlimited' } });
    expect(includedForAll).toHaveLength(15);
  });

  it("keeps the pricing policy's own reading: Basic free, Standard from 169, Unlimited from 79", () => {
    expect(pricingPolicy.plans.map((p) => [p.plan, p.monthlyFrom])).toEqual([
      ['starter', 0],
      ['intermediate', 169],
      ['unlimited', 79],
    ]);
    expect(policyPriceText('starter')).toBe('Free');
    expect(policyPriceText('intermediate')).toBe('from ₹169 per month');
    expect(pricingPolicy.billingPeriods.map((p) => [p.label, p.discountPercent ?? null])).toEqual([
      ['7 days', null],
      ['14 days', null],
      ['1 month', null],
      ['3 months', 15],
      ['6 months', 25],
      ['1 year', 40],
      ['Lifetime', null],
    ]);
  });
});

describe('savings percentage', () => {
  // Rounded saving against the monthly price times 3 (3 months) or 12 (1 year). Lifetime, which the spec leaves
  // open, is compared with 36 months (three years of monthly payments): the only horizon of a few years at which
  // every plan's lifetime price is still a saving (Unlimited's 6999 exceeds 24 x 199 = 4776).
  const expected: Record<string, Record<string, number | null>> = {
    basic: { monthly: null, quarterly: 33, yearly: 6, lifetime: 38 },
    standard: { monthly: null, quarterly: 47, yearly: 26, lifetime: 34 },
    unlimited: { monthly: null, quarterly: 38, yearly: 16, lifetime: 2 },
  };

  for (const [slug, byPeriod] of Object.entries(expected)) {
    for (const [key, percent] of Object.entries(byPeriod)) {
      it(`${slug}, ${key}: ${percent === null ? 'no saving shown' : `${percent}%`}`, () => {
        expect(savingsPercent(plan(slug), period(key))).toBe(percent);
      });
    }
  }

  it('follows the formula: Basic 3 months is 179 against 3 x 89 = 267, a 33% saving', () => {
    expect(Math.round(((3 * 89 - 179) / (3 * 89)) * 100)).toBe(33);
    expect(savingsPercent(plan('basic'), period('quarterly'))).toBe(33);
  });

  it('shows no saving when a price is not below the comparison', () => {
    const pricey = { ...plan('basic'), prices: { ...plan('basic').prices, quarterly: 300 } };
    expect(savingsPercent(pricey, period('quarterly'))).toBeNull();
  });
});

describe('plan fallback', () => {
  it('maps basic, standard and unlimited to their plans', () => {
    expect(plan('basic').key).toBe('starter');
    expect(plan('standard').key).toBe('intermediate');
    expect(plan('unlimited').key).toBe('unlimited');
  });
  it('falls back to Basic for an unknown or missing plan type', () => {
    for (const slug of ['gold', 'starter', 'BASIC', '', undefined]) expect(planForSlug(slug).name).toBe('Basic');
  });
  it('knows only the four periods', () => {
    expect(periodForKey('weekly')).toBeUndefined();
  });
});

describe('documentation search', () => {
  it('matches titles and descriptions, case-insensitively, across sections', () => {
    const byTitle = searchDocs(DOC_SECTIONS, 'WHITELIST');
    // Two by their title, and the extra-owner command whose description mentions the whitelist.
    expect(byTitle.flatMap((s) => s.commands.map((c) => c.usage))).toEqual([
      '/whitelist add <user>',
      '/whitelist remove <user>',
      '/extraowner add <user>',
    ]);
    const byDescription = searchDocs(DOC_SECTIONS, 'at most 99');
    expect(byDescription.map((s) => s.id)).toEqual(['moderation']);
    expect(byDescription[0]!.commands.map((c) => c.title)).toEqual(['Purge bots']);
  });
  it('does not search the copied usage text, only title and description', () => {
    expect(searchDocs(DOC_SECTIONS, '<message id>')).toEqual([]);
  });
  it('shows every section for an empty query and none for a query that matches nothing', () => {
    expect(searchDocs(DOC_SECTIONS, '   ')).toHaveLength(DOC_SECTIONS.length);
    expect(searchDocs(DOC_SECTIONS, 'zzzz')).toEqual([]);
  });
  it("has the documentation page's sections in order", () => {
    expect(DOC_SECTIONS.map((s) => s.title)).toEqual([
      'Getting started',
      'Auto moderation',
      'Anti-nuke',
      'Tickets',
      'Music',
      'Giveaways',
      'Economy',
      'Moderation',
      'Suggestions',
      'Utility',
      'Admin and configuration',
    ]);
  });
});
