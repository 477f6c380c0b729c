/**
 * The schedule plan's rules (issue 31) over real HTTP against a real app (PGlite + the Discord sandbox + the payment
 * sandbox), with the app's clock moved by the test: a save of a scheduled message (create, update, clone) and the
 * preview refuse a cron expression that does not parse, runs closer together than the guild's plan allows, a once
 * time already past and a plan with no run before its end date, in the plan schema's own words at the plan's fields.
 */
import { fillRefusal, refusals } from '@guildhall/generated/refusals';
import { publishedSchemas } from '@guildhall/generated/schemas';
import type { SchedulePlan } from '@guildhall/generated/types';
import { SANDBOX_GUILDS } from '@guildhall/sandbox-discord/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBrowser } from './support/browser.js';
import { buyPremium } from './support/payments.js';
import { DIRECT_MEMBER, grant, grantAs, OWNER, ROLE_HOLDER, GRANTED_ROLE, startGrantsApp } from './support/grants.js';

const FREE = SANDBOX_GUILDS.community;
const UNLIMITED = SANDBOX_GUILDS.pixelPainters;
const HOUR = 60 * 60 * 1000;
/** The plan schema's words for its rules. */
const WORDS = (publishedSchemas['schedule-plan'] as { 'x-messages': Record<string, string> })['x-messages'];

const schedules = (guild: string) => `/api/guild/${guild}/collections/scheduled-messages`;
const preview = (guild: string) => `/api/guild/${guild}/schedules/preview`;
const plan = (fields: Partial<SchedulePlan>): Partial<SchedulePlan> => ({ kind: 'daily', time: '09:00', timeZone: 'UTC', ...fields });
const item = (fields: Partial<SchedulePlan>, channel: string = FREE.channels.general, name = 'Reminder') => ({
  name,
  channel_id: channel,
  message: { embeds: [{ title: 'Reminder' }] },
  plan: plan(fields),
});

describe('schedule plan rules over real HTTP (PGlite + Discord sandbox)', () => {
  let env: Awaited<ReturnType<typeof startGrantsApp>>;
  let owner: TestBrowser;
  /** A wall time in UTC (the plans' zone here) `ms` from the app's clock, as a plan's `at`. */
  const wallIn = (ms: number) => new Date(env.clock.now().getTime() + ms).toISOString().slice(0, 16);
  const create = (guild: string, body: unknown, by = owner) => by.json(schedules(guild), { method: 'POST', json: { item: body } });

  beforeAll(async () => {
    env = await startGrantsApp();
    owner = await env.as(OWNER);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('refuses a cron expression that does not parse, at /item/plan/cron with the parser reason in the schema words', async () => {
    const res = await create(FREE.id, item({ kind: 'cron', cron: '61 * * * *' }));
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toHaveLength(1);
    expect(res.body.fieldErrors[0].path).toBe('/item/plan/cron');
    const [before, after] = WORDS['x-schedule-cron']!.split('{reason}');
    expect(res.body.fieldErrors[0].message.startsWith(before!)).toBe(true);
    expect(res.body.fieldErrors[0].message.length).toBeGreaterThan(`${before}${after}`.length);
    expect(res.body.success).toBe(false);
    expect((await owner.json(schedules(FREE.id))).body.items).toEqual([]);
  });

  it('refuses runs closer together than the free plan allows, naming the plan and the one that allows the interval', async () => {
    const every15 = await create(FREE.id, item({ kind: 'cron', cron: '*/15 * * * *' }));
    const base = fillRefusal(WORDS['x-schedule-interval']!, { planName: 'Free', allowed: '1 hour', interval: '15 minutes' });
    expect(every15.status).toBe(400);
    expect(every15.body.fieldErrors).toEqual([
      {
        path: '/item/plan/cron',
        message: fillRefusal(refusals.scheduleIntervalUpgrade, { refusal: base, planName: 'Standard', allowed: '15 minutes' }),
      },
    ]);
    expect(every15.body.fieldErrors[0].message).toContain('Free');
    expect(every15.body.fieldErrors[0].message).toContain('Standard');
    // Every 5 minutes only Unlimited allows: the refusal names it, not Standard (which would not be enough).
    const every5 = await create(FREE.id, item({ kind: 'cron', cron: '*/5 * * * *' }));
    expect(every5.status).toBe(400);
    expect(every5.body.fieldErrors[0].message).toBe(
      fillRefusal(refusals.scheduleIntervalUpgrade, {
        refusal: fillRefusal(WORDS['x-schedule-interval']!, { planName: 'Free', allowed: '1 hour', interval: '5 minutes' }),
        planName: 'Unlimited',
        allowed: '5 minutes',
      }),
    );
    // An hourly cron is the free plan's own interval: accepted.
    expect((await create(FREE.id, item({ kind: 'cron', cron: '0 * * * *' }))).status).toBe(201);
  });

  it('accepts every 5 minutes once the guild has bought Unlimited', async () => {
    const before = await create(UNLIMITED.id, item({ kind: 'cron', cron: '*/5 * * * *' }, UNLIMITED.channels.general));
    expect(before.status).toBe(400);
    await buyPremium(owner, UNLIMITED.id, 'unlimited', 'lifetime');
    const after = await create(UNLIMITED.id, item({ kind: 'cron', cron: '*/5 * * * *' }, UNLIMITED.channels.general, 'Every 5'));
    expect(after.status).toBe(201);
    expect(after.body.item.plan).toMatchObject({ kind: 'cron', cron: '*/5 * * * *' });
  });

  it('refuses a once time already past in its zone, at /item/plan/at', async () => {
    const res = await create(FREE.id, item({ kind: 'once', at: wallIn(-HOUR), timeZone: 'UTC' }));
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual([{ path: '/item/plan/at', message: fillRefusal(WORDS['x-schedule-past']!, { timeZone: 'UTC' }) }]);
    const york = await create(FREE.id, item({ kind: 'once', at: '2020-01-01T10:00', timeZone: 'America/New_York' }));
    expect(york.body.fieldErrors).toEqual([
      { path: '/item/plan/at', message: fillRefusal(WORDS['x-schedule-past']!, { timeZone: 'America/New_York' }) },
    ]);
  });

  it('lets a once schedule whose time has passed be renamed and paused, but not moved to another past time', async () => {
    const created = await create(FREE.id, item({ kind: 'once', at: wallIn(HOUR) }, FREE.channels.general, 'Launch'));
    expect(created.status).toBe(201);
    env.clock.advance(2 * HOUR);
    try {
      const url = `${schedules(FREE.id)}/${created.body.id}`;
      const renamed = await owner.json(url, {
        method: 'PUT',
        json: { version: created.body.version, item: { ...created.body.item, name: 'Launch (done)', paused: true } },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body.item).toMatchObject({ name: 'Launch (done)', paused: true });
      const moved = await owner.json(url, {
        method: 'PUT',
        json: { version: renamed.body.version, item: { ...renamed.body.item, plan: { ...renamed.body.item.plan, at: wallIn(-HOUR / 2) } } },
      });
      expect(moved.status).toBe(400);
      expect(moved.body.fieldErrors[0].path).toBe('/item/plan/at');
      // Moved ahead of the clock again, it is a save like any other.
      const ahead = await owner.json(url, {
        method: 'PUT',
        json: { version: renamed.body.version, item: { ...renamed.body.item, plan: { ...renamed.body.item.plan, at: wallIn(HOUR) } } },
      });
      expect(ahead.status).toBe(200);
    } finally {
      env.clock.reset();
    }
  });

  it('refuses a revert that would bring back a once time that has passed since; one ahead is reverted', async () => {
    const created = await create(FREE.id, item({ kind: 'once', at: wallIn(HOUR) }, FREE.channels.general, 'Moved'));
    expect(created.status).toBe(201);
    const url = `${schedules(FREE.id)}/${created.body.id}`;
    const later = { ...created.body.item, plan: { ...created.body.item.plan, at: wallIn(5 * HOUR) } };
    const moved = await owner.json(url, { method: 'PUT', json: { version: created.body.version, item: later } });
    expect(moved.status).toBe(200);
    const entries = (await owner.json(`/api/guild/${FREE.id}/history`)).body.entries;
    const change = entries.find((entry: any) => entry.itemId === created.body.id && entry.action === 'update');
    expect(change).toBeDefined();
    const revert = () => owner.json(`/api/guild/${FREE.id}/history/${change.id}/revert`, { method: 'POST', json: {} });
    env.clock.advance(2 * HOUR);
    try {
      const refused = await revert();
      expect(refused.status).toBe(400);
      expect(refused.body.fieldErrors).toEqual([
        { path: '/item/plan/at', message: fillRefusal(WORDS['x-schedule-past']!, { timeZone: 'UTC' }) },
      ]);
      expect((await owner.json(url)).body.item.plan.at).toBe(later.plan.at);
    } finally {
      env.clock.reset();
    }
    const reverted = await revert();
    expect(reverted.status).toBe(200);
    expect((await owner.json(url)).body.item.plan.at).toBe(created.body.item.plan.at);
    expect((await owner.json(url, { method: 'DELETE' })).status).toBe(200);
  });

  it('refuses a plan with no run before its end date, at /item/plan/until', async () => {
    const res = await create(FREE.id, item({ kind: 'daily', until: '2020-01-01' }));
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual([{ path: '/item/plan/until', message: WORDS['x-schedule-never'] }]);
    // An end date still ahead, but before the first run: every 6 hours from two days on, ending tomorrow.
    const tomorrow = wallIn(24 * HOUR).slice(0, 10);
    const late = await create(FREE.id, item({ kind: 'hours', every: 6, at: wallIn(48 * HOUR), until: tomorrow }));
    expect(late.status).toBe(400);
    expect(late.body.fieldErrors).toEqual([{ path: '/item/plan/until', message: WORDS['x-schedule-never'] }]);
    // Starting tomorrow instead, it has runs before its end: accepted.
    expect((await create(FREE.id, item({ kind: 'hours', every: 6, at: `${tomorrow}T00:00`, until: tomorrow }))).status).toBe(201);
  });

  it('runs the rules on a clone too: an Unlimited plan cloned into a free guild is refused', async () => {
    // Room for the copy under the free plan's count of schedules (a full guild is refused before the plan is judged).
    for (const entry of (await owner.json(schedules(FREE.id))).body.items)
      expect((await owner.json(`${schedules(FREE.id)}/${entry.id}`, { method: 'DELETE' })).status).toBe(200);
    const source = (await owner.json(schedules(UNLIMITED.id))).body.items.find((entry: any) => entry.item.name === 'Every 5');
    expect(source).toBeDefined();
    const clone = await owner.json(`/api/guild/${UNLIMITED.id}/clone`, {
      method: 'POST',
      json: {
        targetGuildId: FREE.id,
        items: [{ collection: 'scheduled-messages', id: source.id }],
        mapping: { channels: { [UNLIMITED.channels.general]: FREE.channels.general } },
      },
    });
    expect(clone.status).toBe(400);
    expect(clone.body.fieldErrors).toHaveLength(1);
    expect(clone.body.fieldErrors[0]).toMatchObject({ path: '/scheduled-messages/0/plan/cron' });
    expect(clone.body.fieldErrors[0].message).toContain(
      fillRefusal(WORDS['x-schedule-interval']!, { planName: 'Free', allowed: '1 hour', interval: '5 minutes' }),
    );
    // An hourly one clones.
    const hourly = await create(UNLIMITED.id, item({ kind: 'cron', cron: '30 * * * *' }, UNLIMITED.channels.general, 'Hourly'));
    const ok = await owner.json(`/api/guild/${UNLIMITED.id}/clone`, {
      method: 'POST',
      json: {
        targetGuildId: FREE.id,
        items: [{ collection: 'scheduled-messages', id: hourly.body.id }],
        mapping: { channels: { [UNLIMITED.channels.general]: FREE.channels.general } },
      },
    });
    expect(ok).toMatchObject({ status: 200, body: { success: true, applied: true } });
  });

  it('previews the next 5 runs of a plan, and refuses what a save refuses with the same words under /plan', async () => {
    const daily = await owner.json(preview(FREE.id), {
      method: 'POST',
      json: { plan: plan({ time: '09:00', timeZone: 'Europe/London' }) },
    });
    expect(daily.status).toBe(200);
    expect(daily.body.success).toBe(true);
    expect(daily.body.nextRuns).toHaveLength(5);
    const instants = daily.body.nextRuns.map((run: string) => Date.parse(run));
    expect(instants[0]).toBeGreaterThan(env.clock.now().getTime());
    for (let i = 1; i < 5; i++) expect(instants[i] - instants[i - 1]).toBeGreaterThanOrEqual(23 * HOUR);
    const once = await owner.json(preview(FREE.id), { method: 'POST', json: { plan: plan({ kind: 'once', at: wallIn(3 * HOUR) }) } });
    expect(once.body.nextRuns).toEqual([`${wallIn(3 * HOUR)}:00.000Z`]);

    const bad = await owner.json(preview(FREE.id), { method: 'POST', json: { plan: plan({ kind: 'cron', cron: '0 9 * * 8' }) } });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors[0].path).toBe('/plan/cron');
    const often = await owner.json(preview(FREE.id), { method: 'POST', json: { plan: plan({ kind: 'cron', cron: '*/15 * * * *' }) } });
    expect(often.status).toBe(400);
    expect(often.body.fieldErrors[0].path).toBe('/plan/cron');
    const past = await owner.json(preview(FREE.id), { method: 'POST', json: { plan: plan({ kind: 'once', at: '2020-01-01T10:00' }) } });
    expect(past.body.fieldErrors).toEqual([{ path: '/plan/at', message: fillRefusal(WORDS['x-schedule-past']!, { timeZone: 'UTC' }) }]);
    const never = await owner.json(preview(FREE.id), { method: 'POST', json: { plan: plan({ until: '2020-01-01' }) } });
    expect(never.body.fieldErrors).toEqual([{ path: '/plan/until', message: WORDS['x-schedule-never'] }]);
    // The shape is the generated validator's: an unknown time zone is its words, at /plan/timeZone.
    const zone = await owner.json(preview(FREE.id), { method: 'POST', json: { plan: plan({ timeZone: 'Mars/Olympus' }) } });
    expect(zone.status).toBe(400);
    expect(zone.body.fieldErrors[0].path).toBe('/plan/timeZone');
    // On Unlimited, every 5 minutes previews.
    const fast = await owner.json(preview(UNLIMITED.id), { method: 'POST', json: { plan: plan({ kind: 'cron', cron: '*/5 * * * *' }) } });
    expect(fast.status).toBe(200);
    expect(Date.parse(fast.body.nextRuns[1]) - Date.parse(fast.body.nextRuns[0])).toBe(5 * 60 * 1000);
  });

  it('lets a write grantee preview and refuses a read-only grantee (403)', async () => {
    await grantAs(owner, {
      roles: [grant(GRANTED_ROLE, 'read', { subjects: ['scheduled-messages'] })],
      members: [grant(DIRECT_MEMBER.id, 'write', { subjects: ['scheduled-messages'] })],
    });
    const reader = await env.as(ROLE_HOLDER.username);
    const writer = await env.as(DIRECT_MEMBER.username);
    const body = { plan: plan({}) };
    const read = await reader.json(preview(FREE.id), { method: 'POST', json: body });
    expect(read.status).toBe(403);
    expect(read.body.success).toBe(false);
    const written = await writer.json(preview(FREE.id), { method: 'POST', json: body });
    expect(written.status).toBe(200);
    expect(written.body.nextRuns).toHaveLength(5);
  });
});
