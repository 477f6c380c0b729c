/**
 * The Discord sandbox stops trusting strangers (issue 24, items 3, 6 and 8, and the bot's share of item 5): uploads are
 * refused before their bodies are read unless the caller may post, and are capped and bounded in number; rate limits
 * count who a caller is, not what header they made up, and forget expired windows; webhook tokens are random; the
 * bot's own calls to the bot API spend nobody's per-address budget.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { DiscordSandboxService } from '../src/sandbox.service.js';
import { SANDBOX_GUILDS } from '../src/seed.js';
import { MEMBER_PROFILE_BODY_LIMIT } from '../src/profile-gate.js';
import { MAX_UPLOADS_IN_FLIGHT } from '../src/upload-gate.js';
import { startTestApp, tempDataDir } from '../../../backend/test/support/app.js';
import { requestFrom } from '../../../backend/test/support/network.js';
import type { TestBrowser } from '../../../backend/test/support/browser.js';

type App = Awaited<ReturnType<typeof startTestApp>>;

const GUILD = SANDBOX_GUILDS.community.id;
const CHANNELS = SANDBOX_GUILDS.community.channels;
const MiB = 1024 * 1024;
/** Discord's default for a bot's message in a server without boosts (sandbox/upload-gate.ts, http/body-parser.ts). */
const DISCORD_FILE_LIMIT = 10 * MiB;
/** Discord's per-route budget the sandbox gives every route: 50 requests a second. */
const ROUTE_LIMIT_PER_SECOND = 50;

/** What sandbox webhook tokens used to be: a hash of the webhook's id, computable by anybody who read the source. */
function hashOfId(webhookId: string): string {
  const digest = (salt: string) => createHash('sha256').update(`${salt}:${webhookId}`).digest('base64url');
  return (digest('a') + digest('b')).slice(0, 68);
}

const BOUNDARY = 'guildhall-upload-boundary';
const multipartHead = (files: number, fileBytes: number, content = 'upload') => ({
  'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
  // payload_json, then the files: the size a client declares, so a refusal can come before any byte is read.
  'content-length': String(multipartBody([], content).length + files * (partHead(0).length + fileBytes + 2)),
});
const partHead = (n: number) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="files[${n}]"; filename="f${n}.bin"\r\n\r\n`);
function multipartBody(files: Buffer[], content: string): Buffer {
  const parts: Buffer[] = [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="payload_json"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify({ content })}\r\n`,
    ),
  ];
  files.forEach((file, n) => parts.push(partHead(n), file, Buffer.from('\r\n')));
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

interface StreamedUpload {
  status: number;
  body: string;
  /** Bytes the client had handed to its socket when the answer arrived. */
  sentWhenAnswered: number;
  total: number;
}

/**
 * A multipart upload of `files` x `fileBytes`, written 1 MiB at a time as the socket takes it, until the whole body
 * is sent or the server answers (then the client stops, as a browser would).
 */
function streamUpload(url: string, headers: Record<string, string>, files: number, fileBytes: number): Promise<StreamedUpload> {
  const total = Number(multipartHead(files, fileBytes)['content-length']);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request(url, { method: 'POST', headers: { ...headers, ...multipartHead(files, fileBytes) }, agent: false });
    req.on('response', (res) => {
      answered = true;
      const sentWhenAnswered = sent;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), sentWhenAnswered, total });
      });
    });
    // Once answered, the server may close the connection under a write: that is the point, not a failure.
    req.on('error', (err) => answered || reject(err));
    const chunk = Buffer.alloc(MiB, 7);
    const write = (data: Buffer) =>
      new Promise<void>((done) => {
        sent += data.length;
        if (req.write(data)) done();
        else req.once('drain', done);
      });
    void (async () => {
      await write(multipartBody([], 'upload').subarray(0, -(BOUNDARY.length + 6)));
      for (let n = 0; n < files && !answered; n++) {
        await write(partHead(n));
        for (let left = fileBytes; left > 0 && !answered; left -= MiB) await write(left >= MiB ? chunk : chunk.subarray(0, left));
        if (!answered) await write(Buffer.from('\r\n'));
      }
      if (!answered) req.end(Buffer.from(`--${BOUNDARY}--\r\n`));
    })().catch((err) => answered || reject(err));
  });
}

/**
 * One app for every suite here that needs no configuration of its own; each asks from addresses, channels and webhooks
 * of its own. Its Discord sandbox's clock is the real one unless a test holds it at `heldAt`: then no window ends while
 * the test floods, however slow the machine, and the test moves it past a window instead of waiting for one to pass.
 */
const data = tempDataDir();
let app: App;
let heldAt: number | undefined;
beforeAll(async () => {
  app = await startTestApp({ DATA_DIR: data.dir }, { discordSandboxNow: () => heldAt ?? Date.now() });
});
afterAll(async () => {
  await app?.close();
  data.remove();
});

/** A multipart request sent whole (small ones). */
async function upload(url: string, headers: Record<string, string>, files: Buffer[], content = 'with a file') {
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    body: multipartBody(files, content),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any, headers: res.headers };
}

describe('sandbox uploads: the caller and the route are checked before the body is read', () => {
  let api: string;
  let bot: Record<string, string>;
  beforeAll(() => {
    api = `${app.url}/sandbox/discord/api/v10`;
    bot = { authorization: `Bot ${app.config.discord.botToken}` };
  });

  it('an anonymous 60 MB upload to a channel is answered 401 while the client is still sending', async () => {
    const res = await streamUpload(`${api}/channels/${CHANNELS.general}/messages`, {}, 3, 20 * MiB);
    console.info(`anonymous upload: answered ${res.status} after ${res.sentWhenAnswered} of ${res.total} bytes`);
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toEqual({ message: '401: Unauthorized', code: 0 });
    expect(res.total).toBeGreaterThan(60 * MiB);
    // What the socket buffers hold at most: the server answered long before the body was all sent.
    expect(res.sentWhenAnswered).toBeLessThan(res.total / 2);
  });

  it('a made-up bot token, and a webhook URL with a guessed token, are refused the same way', async () => {
    const forged = await streamUpload(`${api}/channels/${CHANNELS.general}/messages`, { authorization: 'Bot forged' }, 3, 20 * MiB);
    expect(forged.status).toBe(401);
    expect(forged.sentWhenAnswered).toBeLessThan(forged.total / 2);

    const list = await fetch(`${api}/channels/${CHANNELS.general}/webhooks`, { headers: bot });
    const [webhook] = (await list.json()) as { id: string }[];
    const guessed = await streamUpload(`${api}/webhooks/${webhook!.id}/${hashOfId(webhook!.id)}`, {}, 3, 20 * MiB);
    expect(guessed.status).toBe(401);
    expect(JSON.parse(guessed.body)).toEqual({ message: 'Invalid Webhook Token', code: 50027 });
    expect(guessed.sentWhenAnswered).toBeLessThan(guessed.total / 2);
  });

  it("a file over Discord's 10 MiB is refused with Discord's 413; one within it is posted", async () => {
    const url = `${api}/channels/${CHANNELS.general}/messages`;
    const over = await upload(url, bot, [Buffer.alloc(DISCORD_FILE_LIMIT + 1, 1)]);
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ message: 'Request entity too large', code: 40005 });

    const within = await upload(url, bot, [Buffer.from('hello')]);
    expect(within.status).toBe(200);
    expect(within.body.attachments).toEqual([expect.objectContaining({ filename: 'f0.bin', size: 5 })]);
  });

  it(`more than ${MAX_UPLOADS_IN_FLIGHT} uploads at once: the next answers 429 with Retry-After until one ends`, async () => {
    const url = new URL(`${api}/channels/${CHANNELS.general}/messages`);
    // Uploads that have sent their headers and a little of their body, and wait.
    const holders = Array.from({ length: MAX_UPLOADS_IN_FLIGHT }, () => {
      const req = http.request(url, { method: 'POST', headers: { ...bot, ...multipartHead(1, 5 * MiB) }, agent: false });
      req.on('error', () => undefined);
      req.write(multipartBody([], 'held').subarray(0, 64));
      return req;
    });
    try {
      // Each probe that is let in posts a small message; once every holder is in, probes are refused.
      let refused: Awaited<ReturnType<typeof upload>> | undefined;
      for (let attempt = 0; attempt < 100 && !refused; attempt++) {
        const probe = await upload(url.toString(), bot, [Buffer.from('probe')]);
        if (probe.status === 429) refused = probe;
        else expect(probe.status).toBe(200);
      }
      expect(refused?.status).toBe(429);
      expect(refused!.headers.get('retry-after')).toBe('1');
      expect(refused!.body).toEqual({ message: 'You are being rate limited.', retry_after: 1, global: false, code: 0 });
    } finally {
      for (const req of holders) req.destroy();
    }
    // The holders' places are given back when they go: as soon as the server sees their connections close.
    let after = 0;
    for (const deadline = Date.now() + 5000; after !== 200 && Date.now() < deadline;) {
      after = (await upload(url.toString(), bot, [Buffer.from('after')])).status;
      if (after !== 200) await new Promise((r) => setTimeout(r, 10));
    }
    expect(after).toBe(200);
  });
});

/** A JSON PATCH that declares `declared` bytes and sends 1 MiB of them, then waits for the answer (a refusal at the door). */
function declaredPatch(url: string, headers: Record<string, string>, declared: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(declared) },
      agent: false,
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', reject);
    req.write(`{"avatar":"data:image/png;base64,${'A'.repeat(MiB)}`);
  });
}

describe("Modify Current Member's images pass the front door: the bot's, up to its body limit", () => {
  let url: string;
  let bot: Record<string, string>;
  beforeAll(() => {
    url = `${app.url}/sandbox/discord/api/v10/guilds/${GUILD}/members/@me`;
    bot = { authorization: `Bot ${app.config.discord.botToken}` };
  });
  afterAll(async () => {
    await fetch(url, { method: 'PATCH', headers: { ...bot, 'content-type': 'application/json' }, body: '{"avatar":null}' });
  });

  it("the bot's avatar of Discord's 10 MiB (some 14 MB of JSON) is read and stored", async () => {
    const image = Buffer.alloc(DISCORD_FILE_LIMIT, 0);
    // A PNG's signature and its header chunk (IHDR: 1024x1024), the rest the image's bytes.
    Buffer.from('89504e470d0a1a0a0000000d494844520000040000000400', 'hex').copy(image);
    const body = JSON.stringify({ avatar: `data:image/png;base64,${image.toString('base64')}` });
    expect(body.length).toBeGreaterThan(13 * MiB);
    const res = await fetch(url, { method: 'PATCH', headers: { ...bot, 'content-type': 'application/json' }, body });
    expect(res.status).toBe(200);
    const hash = createHash('md5').update(image).digest('hex');
    expect(((await res.json()) as { avatar: string }).avatar).toBe(hash);
    const served = await fetch(`${app.url}/sandbox/discord/cdn/guilds/${GUILD}/users/${app.config.discord.clientId}/avatars/${hash}.png`);
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
  });

  it("anybody else is Discord's 401 before the body is read, however large; the bot's body beyond the limit Discord's 413", async () => {
    for (const headers of [{}, { authorization: 'Bot forged' }] as Record<string, string>[]) {
      const res = await declaredPatch(url, headers, 15 * MiB);
      expect({ status: res.status, body: JSON.parse(res.body) }).toEqual({ status: 401, body: { message: '401: Unauthorized', code: 0 } });
    }
    const over = await declaredPatch(url, bot, MEMBER_PROFILE_BODY_LIMIT + 1);
    expect({ status: over.status, body: JSON.parse(over.body) }).toEqual({
      status: 413,
      body: { message: 'Request entity too large', code: 40005 },
    });
  });

  it("other sandbox routes keep the app's body limit for the bot", async () => {
    const res = await fetch(`${app.url}/sandbox/discord/api/v10/channels/${CHANNELS.general}/messages`, {
      method: 'POST',
      headers: { ...bot, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'x'.repeat(200 * 1024) }),
    });
    expect(res.status).toBe(413);
  });
});

describe('sandbox rate limits count who the caller is, and forget expired windows', () => {
  let api: string;
  let sandbox: DiscordSandboxService;
  let webhook: { id: string; token: string };
  beforeAll(async () => {
    api = `${app.url}/sandbox/discord/api/v10`;
    sandbox = app.app.get(DiscordSandboxService);
    const list = await fetch(`${api}/channels/${CHANNELS.general}/webhooks`, {
      headers: { authorization: `Bot ${app.config.discord.botToken}` },
    });
    webhook = ((await list.json()) as { id: string; token: string }[])[0]!;
  });

  /** `count` requests, 50 at a time, from one address; the statuses, and how long it took. */
  async function flood(count: number, request: (n: number) => { path: string; headers?: Record<string, string> }) {
    const statuses: number[] = [];
    const started = Date.now();
    for (let n = 0; n < count; n += 50) {
      const batch = Array.from({ length: Math.min(50, count - n) }, (_, i) => {
        const { path, headers } = request(n + i);
        return requestFrom('127.0.0.80', `${api}${path}`, { headers }).then((r) => r.status);
      });
      statuses.push(...(await Promise.all(batch)));
    }
    return { statuses, seconds: (Date.now() - started) / 1000 };
  }

  it('3,000 requests with as many made-up Authorization headers are limited as one client, in a bounded number of windows', async () => {
    const windowsBefore = sandbox.rateLimitWindowCount;
    const { statuses, seconds } = await flood(3000, () => ({
      path: `/webhooks/${webhook.id}/${webhook.token}`,
      headers: { authorization: `Bot ${randomBytes(24).toString('base64url')}` },
    }));
    const allowed = statuses.filter((s) => s === 200).length;
    const refused = statuses.filter((s) => s === 429).length;
    const windowsAfter = sandbox.rateLimitWindowCount;
    console.info(
      `3000 made-up headers in ${seconds} s: ${allowed} answered, ${refused} refused; windows ${windowsBefore} -> ${windowsAfter}`,
    );
    expect(allowed + refused).toBe(3000);
    // One client's budget for however many seconds (or parts of one) the flood lasted.
    expect(allowed).toBeLessThanOrEqual(ROUTE_LIMIT_PER_SECOND * (Math.ceil(seconds) + 1));
    expect(windowsAfter - windowsBefore).toBeLessThanOrEqual(2);
  });

  it('ids that are not ids share one window, and windows that expired are forgotten', async () => {
    heldAt = Date.now();
    onTestFinished(() => void (heldAt = undefined));
    const windowsBefore = sandbox.rateLimitWindowCount;
    await flood(200, () => ({ path: `/webhooks/${'x'.repeat(2000)}${randomBytes(8).toString('hex')}/token` }));
    expect(sandbox.rateLimitWindowCount - windowsBefore).toBeLessThanOrEqual(1);

    // Distinct real-looking ids are distinct windows (Discord's major parameter), until they expire.
    const { statuses } = await flood(500, (n) => ({ path: `/webhooks/${1234567890123450000n + BigInt(n)}/token` }));
    expect(new Set(statuses)).toEqual(new Set([404]));
    const windowsAtPeak = sandbox.rateLimitWindowCount;
    expect(windowsAtPeak).toBeGreaterThanOrEqual(500);
    // Past the one-second windows (by the sandbox's clock), the next request finds them gone.
    heldAt += 1100;
    await requestFrom('127.0.0.81', `${api}/webhooks/${webhook.id}/${webhook.token}`);
    console.info(`500 distinct ids: ${windowsAtPeak} windows, then ${sandbox.rateLimitWindowCount} a second later`);
    expect(sandbox.rateLimitWindowCount).toBeLessThanOrEqual(2);
  });
});

describe("the bot's calls to the bot API spend no per-address budget", () => {
  const limitedData = tempDataDir();
  let limited: App;
  const RATE_LIMIT_MAX = 5;
  beforeAll(async () => {
    // An instance of its own: a budget of 5 API requests (RATE_LIMIT_MAX), which the other suites' sign-ins would spend.
    limited = await startTestApp({ DATA_DIR: limitedData.dir, RATE_LIMIT_MAX: String(RATE_LIMIT_MAX) });
  });
  afterAll(async () => {
    await limited?.close();
    limitedData.remove();
  });

  it('three budgets of bot calls from one address, and a visitor there still has all of theirs', async () => {
    const address = '127.0.0.90';
    const asBot = { authorization: `Bot ${limited.config.botApiToken}` };
    const botStatuses: number[] = [];
    for (let n = 0; n < RATE_LIMIT_MAX * 3; n++) {
      botStatuses.push((await requestFrom(address, `${limited.url}/api/bot/v1/guilds/${GUILD}/settings/basic`, { headers: asBot })).status);
    }
    expect(botStatuses).toEqual(Array(RATE_LIMIT_MAX * 3).fill(200));
    for (let n = 1; n <= RATE_LIMIT_MAX; n++) {
      expect({ n, status: (await requestFrom(address, `${limited.url}/api/schemas`)).status }).toEqual({ n, status: 200 });
    }
    expect((await requestFrom(address, `${limited.url}/api/schemas`)).status).toBe(429);
  });

  it('a wrong bot credential is counted per address, so guessing it is limited', async () => {
    const address = '127.0.0.91';
    const statuses: number[] = [];
    for (let n = 0; n <= RATE_LIMIT_MAX; n++) {
      const res = await requestFrom(address, `${limited.url}/api/bot/v1/guilds/${GUILD}/settings/basic`, {
        headers: { authorization: `Bot ${randomBytes(32).toString('base64url')}` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(RATE_LIMIT_MAX).fill(401), 429]);
  });
});

describe('sandbox webhook tokens are random', () => {
  let member: TestBrowser;
  let sandbox: DiscordSandboxService;
  beforeAll(async () => {
    sandbox = app.app.get(DiscordSandboxService);
    member = app.browser();
    await member.signIn('demo-member');
    await member.json('/api/user');
  });

  it('no token is the hash of its id, nor the same in another sandbox', async () => {
    const res = await fetch(`${app.config.discord.apiBase}/v10/channels/${CHANNELS.general}/webhooks`, {
      headers: { authorization: `Bot ${app.config.discord.botToken}` },
    });
    const webhooks = (await res.json()) as { id: string; token: string }[];
    expect(webhooks.length).toBeGreaterThan(0);
    const another = new DiscordSandboxService();
    for (const { id, token } of webhooks) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{68}$/);
      expect(token).not.toBe(hashOfId(id));
      expect(another.webhook(id)?.token).not.toBe(token);
    }
  });

  it('demo-member, who manages nothing, cannot post through a webhook URL built from its id', async () => {
    const posted = () => sandbox.allPostedMessages().length;
    const before = posted();
    const guessed = sandbox
      .webhooksOf(CHANNELS.general)
      .map((w) => ({ id: w.id, url: `${app.config.discord.apiBase}/webhooks/${w.id}/${hashOfId(w.id)}` }));
    expect(guessed.length).toBeGreaterThan(0);
    for (const { url } of guessed) {
      const { status, body } = await member.json('/api/embed/send-webhook', {
        method: 'POST',
        json: { webhookUrl: url, embeds: [{ title: 'guessed' }] },
      });
      expect({ status, body }).toEqual({ status: 502, body: { success: false, error: 'Discord request failed: Invalid Webhook Token' } });
    }
    expect(posted()).toBe(before);
  });
});
