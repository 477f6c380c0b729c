// Scheduled messages' job runner over real HTTP (PGlite + the Discord sandbox), with the app's clock moved by the test
// and `scheduler.run()` ticking: once and daily schedules post each due time once, a restart loses nothing and posts
// nothing twice, a run past the grace minutes is recorded missed, a deleted channel pauses the schedule with its
// reason, a run left `sending` by a stopped instance is finished with the same Discord nonce, Run now, status, runs
// and who may read or run them.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refusals, fillRefusal } from '@guildhall/generated/refusals';
import { DiscordSandboxService } from '@guildhall/sandbox-discord/sandbox.service';
import { SANDBOX_GUILDS, SANDBOX_USERS } from '@guildhall/sandbox-discord/seed';
import { DiscordService } from '../src/discord/discord.service.js';
import { nonceOf, PLAN_RULES, SCHEDULE_RUNS, SCHEDULE_STATE, STALE_SENDING_MS } from '../src/schedules/schedules.service.js';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';
import { DIRECT_MEMBER, grant, grantAs, movableClock, OWNER, signIn, startGrantsApp } from './support/grants.js';

const GUILD = SANDBOX_GUILDS.community.id;
const ITEMS = `/api/guild/${GUILD}/collections/scheduled-messages`;
const STATUS = `/api/guild/${GUILD}/schedules/status`;
const runsPath = (id: string, guild: string = GUILD) => `/api/guild/${guild}/schedules/${id}/runs`;
const runNowPath = (id: string, guild: string = GUILD) => `/api/guild/${guild}/schedules/${id}/run`;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const DAILY_NINE = { kind: 'daily', time: '09:00', timeZone: 'UTC' };
const MESSAGE = { content: 'Weekly games night tonight!', embeds: [{ title: 'Games night', description: 'Bring snacks.' }] };

/** A wall-clock time in UTC as the plan writes it (YYYY-MM-DDTHH:mm), and its HH:mm. */
const wall = (at: Date) => at.toISOString().slice(0, 16);
const hhmm = (at: Date) => at.toISOString().slice(11, 16);
/** The first whole minute at least `ms` after `from`. */
const minuteAfter = (from: Date, ms: number) => new Date(Math.ceil((from.getTime() + ms) / MINUTE) * MINUTE);

async function createSchedule(owner: TestBrowser, item: Record<string, unknown>): Promise<string> {
  const created = await owner.json(ITEMS, {
    method: 'POST',
    json: { item: { name: 'Reminder', message: MESSAGE, plan: DAILY_NINE, ...item } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

describe('the scheduled messages job runner (PGlite + Discord sandbox, a moved clock)', () => {
  let started: Awaited<ReturnType<typeof startGrantsApp>>;
  let sandbox: DiscordSandboxService;
  let owner: TestBrowser;
  let channelCount = 0;

  const clock = () => started.clock;
  const setClock = (to: Date) => clock().advance(to.getTime() - clock().now().getTime());
  const tick = () => started.app.scheduler.run();
  /** A text channel of its own for each test, so its posts are the test's alone. */
  const newChannel = () => sandbox.createChannel(GUILD, { type: 0, name: `schedule-${++channelCount}`, parent_id: null, topic: null }).id;
  const posted = (channelId: string) => sandbox.messagesIn(channelId);
  const runsOf = async (id: string) => {
    const answer = await owner.json(runsPath(id));
    expect(answer.status).toBe(200);
    return answer.body.runs as any[];
  };
  const statusOf = async (id: string) => {
    const answer = await owner.json(STATUS);
    expect(answer.status).toBe(200);
    return answer.body.schedules[id];
  };

  beforeAll(async () => {
    started = await startGrantsApp();
    sandbox = started.app.app.get(DiscordSandboxService);
    owner = await started.as(OWNER);
  });
  afterAll(async () => {
    await started?.close();
  });
  // Each test creates its schedules at the real time (the item's save time is the database's), then moves the clock.
  beforeEach(() => clock().reset());
  // The free tier allows 3 schedules: each test removes its own.
  afterEach(async () => {
    const listed = await owner.json(ITEMS);
    for (const entry of listed.body.items) await owner.json(`${ITEMS}/${entry.id}`, { method: 'DELETE' });
  });

  it('posts a once schedule at its time, once: later ticks post nothing more, and its status is finished', async () => {
    const channel = newChannel();
    const at = minuteAfter(clock().now(), 10 * MINUTE);
    const id = await createSchedule(owner, { channel_id: channel, plan: { kind: 'once', at: wall(at), timeZone: 'UTC' } });
    expect((await statusOf(id)).nextRuns).toEqual([at.toISOString()]);

    await tick();
    expect(posted(channel)).toHaveLength(0);

    setClock(new Date(at.getTime() + 30_000));
    await tick();
    const messages = posted(channel);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ content: MESSAGE.content, embeds: [{ title: 'Games night', description: 'Bring snacks.' }] });
    // The run's nonce, enforced, so a retried post stays one message.
    expect(messages[0]!['nonce']).toBe(nonceOf(`${id}:${at.toISOString()}`));

    await tick();
    setClock(new Date(at.getTime() + DAY));
    await tick();
    await tick();
    expect(posted(channel)).toHaveLength(1);

    const runs = await runsOf(id);
    expect(runs).toEqual([
      expect.objectContaining({
        id: `${id}:${at.toISOString()}`,
        scheduleId: id,
        trigger: 'plan',
        dueAt: at.toISOString(),
        status: 'sent',
        channelId: channel,
        messageId: messages[0]!['id'],
        messageUrl: `${started.app.config.publicUrl}/sandbox-viewer?channel=${channel}`,
      }),
    ]);
    expect(await statusOf(id)).toEqual({
      id,
      state: 'finished',
      nextRuns: [],
      lastRun: runs[0],
      pausedReason: null,
      pausedAt: null,
    });
  });

  it('posts a daily schedule on each due day, and its status lists the next runs a day apart', async () => {
    const channel = newChannel();
    const first = minuteAfter(clock().now(), 5 * MINUTE);
    const id = await createSchedule(owner, { channel_id: channel, plan: { kind: 'daily', time: hhmm(first), timeZone: 'UTC' } });
    const status = await statusOf(id);
    expect(status.state).toBe('active');
    expect(status.nextRuns).toEqual(
      Array.from({ length: PLAN_RULES.previewRuns }, (_, k) => new Date(first.getTime() + k * DAY).toISOString()),
    );

    for (let day = 0; day < 3; day++) {
      setClock(new Date(first.getTime() + day * DAY + MINUTE));
      await tick();
      await tick();
      expect(posted(channel)).toHaveLength(day + 1);
    }
    const runs = await runsOf(id);
    expect(runs.map((run) => [run.dueAt, run.status])).toEqual(
      [2, 1, 0].map((day) => [new Date(first.getTime() + day * DAY).toISOString(), 'sent']),
    );
    expect((await statusOf(id)).nextRuns[0]).toBe(new Date(first.getTime() + 3 * DAY).toISOString());
  });

  it('pauses a schedule whose channel was deleted: the run failed with the reason, the item paused by the server, the status says why', async () => {
    const channel = newChannel();
    const first = minuteAfter(clock().now(), 5 * MINUTE);
    const id = await createSchedule(owner, { channel_id: channel, plan: { kind: 'daily', time: hhmm(first), timeZone: 'UTC' } });
    const before = await owner.json(`${ITEMS}/${id}`);
    sandbox.deleteChannel(channel);

    setClock(new Date(first.getTime() + MINUTE));
    await tick();
    const runs = await runsOf(id);
    expect(runs).toEqual([expect.objectContaining({ status: 'failed', error: refusals.schedulePausedChannelGone })]);

    const after = await owner.json(`${ITEMS}/${id}`);
    expect(after.body.item.paused).toBe(true);
    expect(after.body.version).toBe(before.body.version + 1);
    // The history shows the server's update (no author), as the change feed does.
    const [entry] = await started.app.storage.history.list(GUILD, { scope: 'records', key: 'scheduled-messages', itemId: id, limit: 1 });
    expect(entry).toMatchObject({ action: 'update', author: null, version: after.body.version });

    expect(await statusOf(id)).toMatchObject({
      state: 'paused',
      nextRuns: [],
      pausedReason: refusals.schedulePausedChannelGone,
      pausedAt: runs[0].at,
    });
    // Paused: the next day posts nothing and records nothing.
    setClock(new Date(first.getTime() + DAY + MINUTE));
    await tick();
    expect(await runsOf(id)).toHaveLength(1);
  });

  it('pauses a schedule whose channel the bot may no longer post in, naming the channel; a resumed schedule runs again', async () => {
    const channel = newChannel();
    const first = minuteAfter(clock().now(), 5 * MINUTE);
    const id = await createSchedule(owner, { channel_id: channel, plan: { kind: 'daily', time: hhmm(first), timeZone: 'UTC' } });
    const record = sandbox.channel(channel)!;
    // Send Messages (0x800) denied to the bot's role there: Discord answers 50013 Missing Permissions.
    record.permission_overwrites = [{ id: SANDBOX_GUILDS.community.roles.bot, type: 0, allow: '0', deny: '2048' }];

    setClock(new Date(first.getTime() + MINUTE));
    await tick();
    const reason = fillRefusal(refusals.schedulePausedNoPermission, { channel: `#${record.name}` });
    expect(await runsOf(id)).toEqual([expect.objectContaining({ status: 'failed', error: reason })]);
    expect(await statusOf(id)).toMatchObject({ state: 'paused', pausedReason: reason });

    // The admin gives the permission back and resumes: the next day's run is posted, and the old reason is gone.
    record.permission_overwrites = [];
    const paused = await owner.json(`${ITEMS}/${id}`);
    const resumed = await owner.json(`${ITEMS}/${id}`, {
      method: 'PUT',
      json: { version: paused.body.version, item: { ...paused.body.item, paused: false } },
    });
    expect(resumed.status).toBe(200);
    setClock(new Date(first.getTime() + DAY + MINUTE));
    await tick();
    expect(posted(channel)).toHaveLength(1);
    expect((await runsOf(id)).map((run) => run.status)).toEqual(['sent', 'failed']);
    expect(await statusOf(id)).toMatchObject({ state: 'active', pausedReason: null, pausedAt: null });
  });

  it('finishes a run a stopped instance left sending, with the same nonce: Discord keeps one message', async () => {
    const channel = newChannel();
    const first = minuteAfter(clock().now(), 5 * MINUTE);
    const id = await createSchedule(owner, { channel_id: channel, plan: { kind: 'daily', time: hhmm(first), timeZone: 'UTC' } });
    const runId = `${id}:${first.toISOString()}`;
    // An instance claimed the due time and posted, then stopped before recording the result.
    const crashedAt = new Date(first.getTime() + 10_000);
    await started.app.storage.records.insert(SCHEDULE_RUNS, {
      id: runId,
      guildId: GUILD,
      data: {
        id: runId,
        scheduleId: id,
        trigger: 'plan',
        dueAt: first.toISOString(),
        status: 'sending',
        at: crashedAt.toISOString(),
        channelId: channel,
      },
    });
    const lost = await started.app.app
      .get(DiscordService)
      .createMessage(channel, { content: 'x', nonce: nonceOf(runId), enforce_nonce: true });

    // Within two minutes of the claim, the claim is left alone: its instance may still be posting.
    setClock(new Date(crashedAt.getTime() + STALE_SENDING_MS - MINUTE));
    await tick();
    expect((await runsOf(id))[0]).toMatchObject({ status: 'sending' });

    setClock(new Date(crashedAt.getTime() + STALE_SENDING_MS + MINUTE));
    await tick();
    expect(await runsOf(id)).toEqual([expect.objectContaining({ id: runId, status: 'sent', messageId: lost.id })]);
    expect(posted(channel)).toHaveLength(1);

    // A claim found stale only past the grace is recorded missed, not posted that late.
    const nextDue = new Date(first.getTime() + DAY);
    const nextId = `${id}:${nextDue.toISOString()}`;
    await started.app.storage.records.insert(SCHEDULE_RUNS, {
      id: nextId,
      guildId: GUILD,
      data: {
        id: nextId,
        scheduleId: id,
        trigger: 'plan',
        dueAt: nextDue.toISOString(),
        status: 'sending',
        at: nextDue.toISOString(),
        channelId: channel,
      },
    });
    setClock(new Date(nextDue.getTime() + (PLAN_RULES.graceMinutes + 1) * MINUTE));
    await tick();
    expect((await runsOf(id))[0]).toMatchObject({ id: nextId, status: 'missed' });
    expect(posted(channel)).toHaveLength(1);
  });

  it('handles at most the latest 20 due times of a long outage in one tick, and moves past the older ones', async () => {
    const channel = newChannel();
    const start = minuteAfter(clock().now(), 5 * MINUTE);
    const id = await createSchedule(owner, { channel_id: channel, plan: { kind: 'hours', every: 1, at: wall(start), timeZone: 'UTC' } });
    // 31 due times have passed (start + 0..30 hours); the last is a minute old, within the grace.
    setClock(new Date(start.getTime() + 30 * HOUR + MINUTE));
    await tick();
    await tick();
    const runs = await runsOf(id);
    expect(runs.map((run) => run.dueAt)).toEqual(
      Array.from({ length: 20 }, (_, k) => new Date(start.getTime() + (30 - k) * HOUR).toISOString()),
    );
    expect(runs.map((run) => run.status)).toEqual(['sent', ...Array<string>(19).fill('missed')]);
    expect(posted(channel)).toHaveLength(1);
    expect((await statusOf(id)).nextRuns[0]).toBe(new Date(start.getTime() + 31 * HOUR).toISOString());
  });

  it('Run now posts the saved message at once, recorded as a manual run by the caller; a deleted channel answers 502 and pauses', async () => {
    const channel = newChannel();
    const id = await createSchedule(owner, { channel_id: channel, plan: { kind: 'daily', time: '09:00', timeZone: 'UTC' } });
    const ran = await owner.json(runNowPath(id), { method: 'POST' });
    expect(ran.status).toBe(200);
    expect(ran.body.run).toMatchObject({ trigger: 'manual', status: 'sent', channelId: channel, by: 'Demo Owner' });
    expect(ran.body.status).toMatchObject({ id, state: 'active', lastRun: ran.body.run });
    expect(posted(channel).map((m) => m['id'])).toEqual([ran.body.run.messageId]);
    expect(await runsOf(id)).toEqual([ran.body.run]);

    sandbox.deleteChannel(channel);
    const failed = await owner.json(runNowPath(id), { method: 'POST' });
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({
      success: false,
      error: refusals.schedulePausedChannelGone,
      run: { trigger: 'manual', status: 'failed', error: refusals.schedulePausedChannelGone },
      status: { state: 'paused', pausedReason: refusals.schedulePausedChannelGone },
    });
    expect((await runsOf(id)).map((run) => run.status)).toEqual(['failed', 'sent']);
  });

  it('forgets a deleted schedule: its runs and state go at the next tick', async () => {
    const channel = newChannel();
    const id = await createSchedule(owner, { channel_id: channel });
    expect((await owner.json(runNowPath(id), { method: 'POST' })).status).toBe(200);
    const kept = async () => ({
      runs: (await started.app.storage.records.list<{ scheduleId: string }>(SCHEDULE_RUNS, { guildId: GUILD })).filter(
        (run) => run.data.scheduleId === id,
      ).length,
      state: (await started.app.storage.records.get(SCHEDULE_STATE, id)) !== null,
    });
    await tick();
    expect(await kept()).toEqual({ runs: 1, state: true });
    expect((await owner.json(`${ITEMS}/${id}`, { method: 'DELETE' })).status).toBe(200);
    await tick();
    expect(await kept()).toEqual({ runs: 0, state: false });
  });

  it('answers 404 for an unknown schedule and for another guild’s', async () => {
    const id = await createSchedule(owner, { channel_id: SANDBOX_GUILDS.community.channels.general });
    expect((await owner.json(runsPath('no-such-schedule'))).status).toBe(404);
    expect((await owner.json(runNowPath('no-such-schedule'), { method: 'POST' })).body).toMatchObject({ error: refusals.scheduleNotFound });
    const otherGuild = SANDBOX_GUILDS.pixelPainters.id;
    expect((await owner.json(runsPath(id, otherGuild))).status).toBe(404);
    expect((await owner.json(runNowPath(id, otherGuild), { method: 'POST' })).status).toBe(404);
  });

  it('lets a read grantee see status and runs, but not Run now (403); the guild’s plan states the minimum interval and grace', async () => {
    const channel = newChannel();
    const id = await createSchedule(owner, { channel_id: channel });
    await grantAs(owner, { members: [grant(DIRECT_MEMBER.id, 'read')] });
    try {
      const reader = await started.as(DIRECT_MEMBER.username);
      const status = await reader.json(STATUS);
      expect(status.status).toBe(200);
      expect(status.body).toMatchObject({
        success: true,
        schedules: { [id]: { id, state: 'active' } },
        minimumInterval: { planName: 'Free', minutes: 60, upgrade: { plan: expect.any(String), minutes: 15 } },
        graceMinutes: PLAN_RULES.graceMinutes,
      });
      expect((await reader.json(runsPath(id))).status).toBe(200);
      const refused = await reader.json(runNowPath(id), { method: 'POST' });
      expect(refused.status).toBe(403);
      expect(posted(channel)).toHaveLength(0);
    } finally {
      await grantAs(owner, { members: [] });
    }
  });
});

describe('the job runner across a restart (PGlite, one data directory, a moved clock)', () => {
  const data = tempDataDir();
  const clock = movableClock();
  const general = SANDBOX_GUILDS.community.channels.general;
  afterAll(() => data.remove());

  it('posts the due run that came while it was down once, posts nothing twice, and records a run beyond the grace missed', async () => {
    const start = () => startTestApp({ DATA_DIR: data.dir }, { clock: clock.now });
    const setClock = (to: Date) => clock.advance(to.getTime() - clock.now().getTime());
    const postedIn = (app: Awaited<ReturnType<typeof start>>) => app.app.get(DiscordSandboxService).messagesIn(general);

    const first = await start();
    const owner = await signIn(first, SANDBOX_USERS.demoOwner.username);
    const due = minuteAfter(clock.now(), 5 * MINUTE);
    const id = await createSchedule(owner, { channel_id: general, plan: { kind: 'daily', time: hhmm(due), timeZone: 'UTC' } });
    setClock(new Date(due.getTime() + MINUTE));
    await first.scheduler.run();
    expect(postedIn(first)).toHaveLength(1);
    await first.close();

    // Down over the next day's run; back five minutes after it (within the grace): it is posted, the first one not again.
    setClock(new Date(due.getTime() + DAY + 5 * MINUTE));
    const second = await start();
    await second.scheduler.run();
    await second.scheduler.run();
    expect(postedIn(second)).toHaveLength(1);
    await second.close();

    // Down over the third day's run and back past the grace: recorded missed, nothing posted.
    setClock(new Date(due.getTime() + 2 * DAY + (PLAN_RULES.graceMinutes + 5) * MINUTE));
    const third = await start();
    try {
      await third.scheduler.run();
      expect(postedIn(third)).toHaveLength(0);
      const reader = await signIn(third, SANDBOX_USERS.demoOwner.username);
      const runs = (await reader.json(runsPath(id))).body.runs as any[];
      expect(runs.map((run) => [run.dueAt, run.status, run.error ?? null])).toEqual([
        [
          new Date(due.getTime() + 2 * DAY).toISOString(),
          'missed',
          fillRefusal(refusals.scheduleRunMissed, { minutes: PLAN_RULES.graceMinutes }),
        ],
        [new Date(due.getTime() + DAY).toISOString(), 'sent', null],
        [due.toISOString(), 'sent', null],
      ]);
    } finally {
      await third.close();
    }
  });
});
