import { describe, expect, it } from 'vitest';
import {
  activePlan,
  addMonths,
  extendPremium,
  guildPremium,
  minimumScheduleInterval,
  planLimit,
  planLimitMessage,
  priceFor,
} from '../src/premium.js';

const now = new Date('2026-11-22T12:00:00.000Z');

describe('premium rules from the plan catalog', () => {
  it('prices a plan from the catalog', () => {
    expect(priceFor('basic', 'monthly')).toBe(89);
    expect(priceFor('standard', 'quarterly')).toBe(269);
    expect(priceFor('unlimited', 'lifetime')).toBe(6999);
  });

  it('reads a lapsed plan as the free tier at once, and lifetime as never ending', () => {
    const lapsed = { ends: { starter: '2026-11-22T11:59:59.000Z' } };
    expect(activePlan(lapsed, now)).toBeNull();
    expect(guildPremium(lapsed, now)).toEqual({ plan: null, planName: 'Free', endsAt: null });
    expect(guildPremium({ ends: { unlimited: null } }, now)).toEqual({ plan: 'unlimited', planName: 'Unlimited', endsAt: null });
    expect(guildPremium(null, now).planName).toBe('Free');
  });

  it('puts the guild on the highest plan in force, then on the next one when it ends', () => {
    const state = { ends: { starter: null, unlimited: '2026-12-01T00:00:00.000Z' } };
    expect(guildPremium(state, now)).toEqual({ plan: 'unlimited', planName: 'Unlimited', endsAt: '2026-12-01T00:00:00.000Z' });
    expect(guildPremium(state, new Date('2026-12-02T00:00:00.000Z'))).toEqual({ plan: 'basic', planName: 'Basic', endsAt: null });
  });

  it('gives the free tier the Basic limits and names the plan that allows more', () => {
    const free = planLimit('Ticket Panel', null, now);
    expect(free).toEqual({
      feature: 'Ticket Panel',
      planName: 'Free',
      max: 2,
      upgrade: { plan: 'standard', planName: 'Standard', max: 4 },
    });
    expect(planLimitMessage(free, 'ticket panels')).toBe(
      "Your server's Free plan allows 2 ticket panels. Upgrade to Standard to create up to 4.",
    );
    const standard = planLimit('Ticket Panel', { ends: { intermediate: null } }, now);
    expect(standard.upgrade).toEqual({ plan: 'unlimited', planName: 'Unlimited', max: null });
    expect(planLimitMessage(standard, 'ticket panels')).toBe(
      "Your server's Standard plan allows 4 ticket panels. Upgrade to Unlimited to create as many as you like.",
    );
    expect(planLimit('Ticket Panel', { ends: { unlimited: null } }, now)).toMatchObject({ max: null, upgrade: null });
  });

  it('adds calendar months, clamping to the end of a shorter month', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00.000Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2026-11-22T12:00:00.000Z'), 12).toISOString()).toBe('2027-11-22T12:00:00.000Z');
  });

  it("extends a plan in force from its own end date, starts a lapsed one now, and never takes another plan's time", () => {
    expect(extendPremium(null, 'starter', 'monthly', now)).toEqual({ ends: { starter: '2026-12-22T12:00:00.000Z' } });
    const active = { ends: { intermediate: '2027-01-10T00:00:00.000Z' } };
    expect(extendPremium(active, 'intermediate', 'quarterly', now)).toEqual({ ends: { intermediate: '2027-04-10T00:00:00.000Z' } });
    expect(extendPremium(active, 'starter', 'monthly', now)).toEqual({
      ends: { intermediate: '2027-01-10T00:00:00.000Z', starter: '2026-12-22T12:00:00.000Z' },
    });
    const lapsed = { ends: { unlimited: '2026-10-01T00:00:00.000Z' } };
    expect(extendPremium(lapsed, 'unlimited', 'monthly', now)).toEqual({ ends: { unlimited: '2026-12-22T12:00:00.000Z' } });
    expect(extendPremium(active, 'unlimited', 'lifetime', now).ends.unlimited).toBeNull();
    expect(extendPremium({ ends: { starter: null } }, 'starter', 'yearly', now)).toEqual({ ends: { starter: null } });
  });

  it("gives a schedule the plan's minimum interval, the free tier Basic's, and names the first plan allowing a shorter one", () => {
    expect(minimumScheduleInterval(null, now)).toEqual({
      planName: 'Free',
      minutes: 60,
      upgrade: { plan: 'standard', planName: 'Standard', minutes: 15 },
    });
    expect(minimumScheduleInterval({ ends: { starter: null } }, now)).toEqual({
      planName: 'Basic',
      minutes: 60,
      upgrade: { plan: 'standard', planName: 'Standard', minutes: 15 },
    });
    expect(minimumScheduleInterval({ ends: { intermediate: null } }, now)).toEqual({
      planName: 'Standard',
      minutes: 15,
      upgrade: { plan: 'unlimited', planName: 'Unlimited', minutes: 5 },
    });
    expect(minimumScheduleInterval({ ends: { unlimited: null } }, now)).toEqual({ planName: 'Unlimited', minutes: 5, upgrade: null });
    // A lapsed plan is the free tier's interval at once.
    expect(minimumScheduleInterval({ ends: { unlimited: '2026-11-22T11:00:00.000Z' } }, now).minutes).toBe(60);
  });
});
