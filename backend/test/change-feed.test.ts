/**
 * The bot's change feed and bulk read (issue 14 item 5) over real HTTP against a real app (PGlite + the Discord
 * sandbox): a save reaches a connected client within 100 ms (in-process notification on commit), a client that
 * reconnects with Last-Event-ID gets exactly what it missed, a guild filter, the reset event, the bot credential, and
 * the bulk read of several guilds with the cursor to start the feed from.
 */
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateWith } from '@guildhall/generated/field-errors';
import { sectionNames } from '@guildhall/generated/sections';
import { validateBotSettingsBulkResponse, validateSettingsChangeEvent } from '@guildhall/generated/validators';
import { ChangeFeedService } from '../src/bot-api/change-feed.service.js';
import { SANDBOX_GUILDS } from '../src/sandbox/seed.js';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';
import { FeedReader } from './support/feed-reader.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
const COMMUNITY = SANDBOX_GUILDS.community.id;
const PIXEL = SANDBOX_GUILDS.pixelPainters.id;

describe('change feed and bulk read over real HTTP (PGlite + Discord sandbox)', () => {
  const data = tempDataDir();
  let app: App;
  let owner: TestBrowser;
  let bot: Record<string, string>;
  const clients: FeedReader[] = [];

  const feed = (query = '', headers: Record<string, string> = {}) => {
    const client = new FeedReader(`${app.url}/api/bot/v1/changes${query}`, { ...bot, ...headers });
    clients.push(client);
    return client;
  };
  /** A user's save through the settings page's route. */
  const savePrefix = async (guildId: string, prefix: string) => {
    const current = (await owner.json(`/api/guild/${guildId}/settings/basic`)).body;
    const { status, body } = await owner.json(`/api/guild/${guildId}/settings/basic`, {
      method: 'PUT',
      json: { version: current.version, settings: { ...current.settings, prefix } },
    });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.version as number;
  };

  beforeAll(async () => {
    app = await startTestApp({ DATA_DIR: data.dir });
    bot = { authorization: `Bot ${app.config.botApiToken}` };
    owner = app.browser();
    await owner.signIn('demo-owner');
    await owner.json('/api/user');
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await app?.close();
    data.remove();
  });

  it('needs the bot credential (401), for the feed and the bulk read', async () => {
    const plain = await fetch(`${app.url}/api/bot/v1/changes`);
    expect(plain.status).toBe(401);
    await plain.body?.cancel();
    expect((await fetch(`${app.url}/api/bot/v1/changes`, { headers: { authorization: 'Bot wrong' } })).status).toBe(401);
    // A signed-in user's session does not open the bot API either.
    expect((await owner.json('/api/bot/v1/settings/bulk', { method: 'POST', json: { guildIds: [COMMUNITY] } })).status).toBe(401);
  });

  it('streams with the event-stream type, no caching and no proxy buffering', async () => {
    const client = feed();
    await client.ready();
    expect(client.response.status).toBe(200);
    expect(client.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(client.response.headers.get('cache-control')).toBe('no-store');
    expect(client.response.headers.get('x-accel-buffering')).toBe('no');
    client.close();
  });

  it('delivers a save to a connected client within 100 ms of the save (in-process notification)', async () => {
    const client = feed();
    await client.ready();
    // The client is live once a save reaches it: timed from then, not from its connecting.
    await savePrefix(PIXEL, '>');
    await client.waitFor(() => client.changes().some((e) => e.data.guildId === PIXEL));
    const started = performance.now();
    const version = await savePrefix(COMMUNITY, '>');
    const answered = performance.now();
    await client.waitFor(() => client.changes().some((e) => e.data.guildId === COMMUNITY));
    const [event] = client.changes().filter((e) => e.data.guildId === COMMUNITY);
    expect(event!.data).toMatchObject({ guildId: COMMUNITY, section: 'basic', collection: null, itemId: null, version, action: 'save' });
    expect(event!.data.settings.prefix).toBe('>');
    expect(Number(event!.id)).toBe(event!.data.id);
    expect(validateWith(validateSettingsChangeEvent, event!.data)).toMatchObject({ ok: true });
    const afterAnswer = event!.at - answered;
    console.info(
      `change feed: event ${Math.round((event!.at - started) * 10) / 10} ms after the save was sent, ${Math.round(afterAnswer * 10) / 10} ms after its answer`,
    );
    expect(afterAnswer).toBeLessThan(100);
    client.close();
  });

  it('gives a client reconnecting with Last-Event-ID exactly the changes it missed, then live ones', async () => {
    const first = feed();
    await first.ready();
    await savePrefix(COMMUNITY, 'a');
    await first.waitFor(() => first.changes().length === 1);
    const lastSeen = first.changes()[0]!.id!;
    first.close();
    await first.done;

    const missed = [];
    for (const prefix of ['b', 'c', 'd']) missed.push(await savePrefix(prefix === 'c' ? PIXEL : COMMUNITY, prefix));
    const again = feed('', { 'last-event-id': lastSeen });
    await again.waitFor(() => again.changes().length === 3);
    expect(again.changes().map((e) => e.data.settings.prefix)).toEqual(['b', 'c', 'd']);
    const ids = again.changes().map((e) => Number(e.id));
    expect(ids.every((id) => id > Number(lastSeen))).toBe(true);
    expect(new Set(ids).size).toBe(3);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);

    await savePrefix(COMMUNITY, 'e');
    await again.waitFor(() => again.changes().length === 4);
    // Another read of the history later (what a poll does: the same wake-up as a save's): still no duplicate. Events
    // come in history order, so any repeat of 'e' would arrive before 'f'.
    await savePrefix(COMMUNITY, 'f');
    await again.waitFor(() => again.changes().length >= 5);
    expect(again.changes().map((e) => e.data.settings.prefix)).toEqual(['b', 'c', 'd', 'e', 'f']);
    again.close();

    // ?after= resumes the same way.
    const viaQuery = feed(`?after=${lastSeen}`);
    await viaQuery.waitFor(() => viaQuery.changes().length === 5);
    expect(viaQuery.changes().map((e) => e.data.settings.prefix)).toEqual(['b', 'c', 'd', 'e', 'f']);
    viaQuery.close();
  });

  it('sends only the guilds a client names', async () => {
    const pixelOnly = feed(`?guildIds=${PIXEL}`);
    await pixelOnly.ready();
    await savePrefix(COMMUNITY, 'x');
    await savePrefix(PIXEL, 'y');
    await pixelOnly.waitFor(() => pixelOnly.changes().length >= 1);
    // No wait for 'x': it committed before 'y', and events come in history order, so it would have come first.
    expect(pixelOnly.changes().map((e) => [e.data.guildId, e.data.settings.prefix])).toEqual([[PIXEL, 'y']]);
    pixelOnly.close();
  });

  // Issue 34: with one client, a save no client wants is never even read, so the per-client filter never ran; two
  // shards with different guilds (and one with none named) make every save read, and each must still get its own.
  it('sends each of several clients only its own guilds, beside one that names none', async () => {
    const pixelOnly = feed(`?guildIds=${PIXEL}`);
    const communityOnly = feed(`?guildIds=${COMMUNITY}`);
    const everything = feed();
    await Promise.all([pixelOnly.ready(), communityOnly.ready(), everything.ready()]);
    await savePrefix(COMMUNITY, 'p');
    await savePrefix(PIXEL, 'q');
    await savePrefix(COMMUNITY, 'r');
    await everything.waitFor(() => everything.changes().length >= 3);
    await communityOnly.waitFor(() => communityOnly.changes().length >= 2);
    await pixelOnly.waitFor(() => pixelOnly.changes().length >= 1);
    const seen = (client: FeedReader) => client.changes().map((e) => [e.data.guildId, e.data.settings.prefix]);
    expect(seen(everything)).toEqual([
      [COMMUNITY, 'p'],
      [PIXEL, 'q'],
      [COMMUNITY, 'r'],
    ]);
    // Events come in history order: another guild's save would arrive before or between a client's own.
    expect(seen(communityOnly)).toEqual([
      [COMMUNITY, 'p'],
      [COMMUNITY, 'r'],
    ]);
    expect(seen(pixelOnly)).toEqual([[PIXEL, 'q']]);
    for (const client of [pixelOnly, communityOnly, everything]) client.close();
  });

  it('sends reset for a cursor the history cannot serve, and 400 for one that is not a number', async () => {
    const latest = await app.storage.history.latestId();
    const client = feed(`?after=${latest + 1000}`);
    await client.waitFor(() => client.events.some((e) => e.event === 'reset'));
    expect(client.events.find((e) => e.event === 'reset')!.data).toEqual({ cursor: latest });
    client.close();
    const bad = await fetch(`${app.url}/api/bot/v1/changes?after=abc`, { headers: bot });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fieldErrors: { path: string }[] }).fieldErrors[0]!.path).toBe('/after');
  });

  it('tells a client to wait 2 s before reconnecting, first thing on the stream', async () => {
    const controller = new AbortController();
    const res = await fetch(`${app.url}/api/bot/v1/changes`, { headers: bot, signal: controller.signal });
    const { value } = await res.body!.getReader().read();
    expect(new TextDecoder().decode(value)).toMatch(/^retry: 2000\n\n/);
    controller.abort();
  });

  it('sends no reset to a client whose cursor is the newest change, and gives it what follows', async () => {
    await savePrefix(COMMUNITY, 'top');
    const latest = await app.storage.history.latestId();
    const client = feed(`?after=${latest}`);
    await client.ready();
    await savePrefix(COMMUNITY, 'nxt');
    await client.waitFor(() => client.changes().length === 1);
    expect(client.events.some((e) => e.event === 'reset')).toBe(false);
    expect(client.changes().map((e) => e.data.settings.prefix)).toEqual(['nxt']);
    client.close();
  });

  it('sends reset when retention dropped a change after the cursor, though the guild keeps older entries of other sections (issue 24)', async () => {
    // A quiet section's entry, then more saves of one busy section than history keeps of it: the oldest busy ones go.
    const guild = SANDBOX_GUILDS.retroArcade.id;
    const author = { userId: '1100000000000000101', userName: 'demo-owner', avatar: null };
    await app.storage.settings.put(guild, 'levels', { ranking: true }, 0, { author, action: 'save' });
    const [quiet] = await app.storage.history.list(guild, { limit: 1 });
    for (let version = 0; version <= 500; version++)
      await app.storage.settings.put(guild, 'moderation', { max_warnings: (version % 10) + 1 }, version, { author, action: 'save' });
    const kept = await app.storage.history.list(guild, { scope: 'settings', key: 'moderation', limit: 1000 });
    expect(kept).toHaveLength(500);
    // The quiet entry is still there, older than every busy one: only the store knows that one after it was dropped.
    expect((await app.storage.history.list(guild, { scope: 'settings', key: 'levels', limit: 1 }))[0]!.id).toBe(quiet!.id);
    for (const query of [`?after=${quiet!.id}&guildIds=${guild}`, `?after=${quiet!.id}`]) {
      const client = feed(query);
      await client.waitFor(() => client.events.some((e) => e.event === 'reset'));
      client.close();
    }
    // A cursor after the dropped entries needs no reset.
    const fresh = feed(`?after=${kept.at(-1)!.id}&guildIds=${guild}`);
    await fresh.waitFor(() => fresh.changes().length >= 1);
    expect(fresh.events.some((e) => e.event === 'reset')).toBe(false);
    fresh.close();
  });

  it('reads every section of several guilds in one call, with a cursor that starts the feed without a gap', async () => {
    const { status, body } = await app
      .browser()
      .json('/api/bot/v1/settings/bulk', { method: 'POST', json: { guildIds: [COMMUNITY, PIXEL] }, headers: bot });
    expect(status).toBe(200);
    expect(validateWith(validateBotSettingsBulkResponse, body)).toMatchObject({ ok: true });
    expect(body.cursor).toBe(await app.storage.history.latestId());
    for (const guildId of [COMMUNITY, PIXEL]) {
      expect(Object.keys(body.guilds[guildId]).sort()).toEqual([...sectionNames].sort());
      const own = (await owner.json(`/api/guild/${guildId}/settings/basic`)).body;
      expect(body.guilds[guildId].basic).toEqual({ version: own.version, settings: own.settings });
    }
    // A change after the bulk read is the first event after its cursor.
    const client = feed(`?after=${body.cursor}`);
    await client.ready();
    await savePrefix(PIXEL, 'z');
    await client.waitFor(() => client.changes().length === 1);
    expect(client.changes()[0]!.data.settings.prefix).toBe('z');
    client.close();

    const none = await app.browser().json('/api/bot/v1/settings/bulk', { method: 'POST', json: { guildIds: [] }, headers: bot });
    expect(none.status).toBe(400);
  });

  it('drops a client that does not read what it is sent, rather than buffering for it forever', async () => {
    const feedService = app.app.get(ChangeFeedService);
    const before = feedService.clientCount;
    // A client that sends its request and never reads: its socket's buffers fill, then the server's.
    const url = new URL(app.url);
    const socket = connect({ host: url.hostname, port: Number(url.port) });
    socket.write(`GET /api/bot/v1/changes HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bot ${app.config.botApiToken}\r\n\r\n`);
    await new Promise((resolve) => socket.once('data', resolve));
    socket.pause();
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    expect(feedService.clientCount).toBe(before + 1);
    // Large documents (written below the API, as only the feed reads them) so that a few saves overflow any buffer.
    const big = 'x'.repeat(256 * 1024);
    for (let i = 0; feedService.clientCount > before && i < 200; i += 1) {
      const current = await app.storage.settings.get(PIXEL, 'basic');
      await app.storage.settings.put(PIXEL, 'basic', { prefix: '!', note: `${i}${big}` }, current?.version ?? 0, {
        author: null,
        action: 'save',
      });
      // One turn of the event loop: the feed's reader, woken by the commit, writes to the socket.
      await new Promise((resolve) => setImmediate(resolve));
    }
    // The drop follows the last write the reader makes: waited for, with a deadline.
    const deadline = Date.now() + 5000;
    while (feedService.clientCount > before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(feedService.clientCount).toBe(before);
    socket.resume();
    await closed;
    const restored = await app.storage.settings.get(PIXEL, 'basic');
    await app.storage.settings.put(PIXEL, 'basic', { prefix: '!' }, restored!.version);
  });

  it('ends every stream when the app closes', async () => {
    const client = feed();
    await client.ready();
    await app.close();
    await expect(client.done).resolves.toBeUndefined();
  });
});
