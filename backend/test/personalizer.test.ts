import 'reflect-metadata';
import { publishedSchemas } from '@guildhall/generated/schemas';
import { fillRefusal, refusals } from '@guildhall/generated/refusals';
import { validatePersonalizerApplyResponse, validatePersonalizerStatus } from '@guildhall/generated/validators';
import { PermissionFlagsBits as P } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordSandboxService } from '@guildhall/sandbox-discord/sandbox.service';
import { SANDBOX_GUILDS, SANDBOX_USERS } from '@guildhall/sandbox-discord/seed';
import { IMAGE_UPLOAD_BODY_LIMIT } from '../src/http/body-parser.js';
import { IMAGES } from '../src/images/image-store.js';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';
import { gif, jpeg, png, webp } from './support/images.js';

// The Bot Personalizer over real HTTP (issue 29): the section's limits through the settings API, images refused by
// their content at the upload, Apply and Reset through the Discord sandbox's Modify Current Member (read back with the
// bot's token), the live status beside the saved profile, Discord's refusals field by field, and who may do any of it.

type App = Awaited<ReturnType<typeof startTestApp>>;
const GUILD: string = SANDBOX_GUILDS.community.id;
const FOREIGN: string = SANDBOX_GUILDS.nightOwls.id; // demo-owner is a plain member there
const BOT_ID: string = SANDBOX_USERS.bot.id;

type FieldSchema = { maxLength?: number; 'x-messages': Record<string, string> };
const schema = publishedSchemas.personalizer as { properties: Record<'nick' | 'avatar' | 'banner' | 'bio', FieldSchema> };
const words = (field: keyof typeof schema.properties, key: string, values: Record<string, string | number> = {}) =>
  fillRefusal(schema.properties[field]['x-messages'][key]!, values);

describe('Bot Personalizer over real HTTP (PGlite + Discord sandbox)', () => {
  const data = tempDataDir();
  let app: App;
  let owner: TestBrowser;
  let sandbox: DiscordSandboxService;
  const base = `/api/guild/${GUILD}`;

  const read = async () => (await owner.json(`${base}/settings/personalizer`)).body;
  const save = async (change: Record<string, unknown>) => {
    const current = await read();
    return owner.json(`${base}/settings/personalizer`, {
      method: 'PUT',
      json: { version: current.version, settings: { ...current.settings, ...change } },
    });
  };
  const saved = async (change: Record<string, unknown>) => {
    const res = await save(change);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const upload = (field: string, bytes: Buffer | string, fileName: string, browser = owner, guildId = GUILD) =>
    browser.json(`/api/guild/${guildId}/settings/personalizer/images/${field}`, {
      method: 'POST',
      json: { fileName, data: typeof bytes === 'string' ? bytes : bytes.toString('base64') },
    });
  const uploaded = async (field: string, bytes: Buffer, fileName: string) => {
    const res = await upload(field, bytes, fileName);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.image.id as string;
  };
  const status = (browser = owner) => browser.json(`${base}/personalizer/status`);
  const apply = (browser = owner, csrf = true) => browser.json(`${base}/personalizer/apply`, { method: 'POST', csrf });
  const reset = (browser = owner, csrf = true) => browser.json(`${base}/personalizer/reset`, { method: 'POST', csrf });
  /** The bot's member as Discord (the sandbox) answers it to the bot. */
  const botMember = async () => {
    const res = await fetch(`${app.config.discord.apiBase}/v10/guilds/${GUILD}/members/${BOT_ID}`, {
      headers: { authorization: `Bot ${app.config.discord.botToken}` },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { nick: string | null; avatar?: string | null; banner?: string | null };
  };
  /** The roles that give the bot its permissions in the guild: its own and @everyone. */
  const botRoles = () => {
    const guild = sandbox.guild(GUILD)!;
    const member = guild.members.find((m) => m.user_id === BOT_ID)!;
    return guild.roles.filter((role) => role.id === GUILD || member.roles.includes(role.id));
  };

  beforeAll(async () => {
    app = await startTestApp({ DATA_DIR: data.dir });
    sandbox = app.app.get(DiscordSandboxService);
    owner = app.browser();
    await owner.signIn('demo-owner');
    await owner.json('/api/user'); // primes the XSRF-TOKEN cookie
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  describe("the section's limits, through the settings API", () => {
    it('refuses a nickname of 33 characters, one starting or ending with a space, and a bio of 191, in the schema words', async () => {
      const cases = [
        [{ nick: 'n'.repeat(33) }, '/settings/nick', words('nick', 'maxLength', { limit: schema.properties.nick.maxLength! })],
        [{ nick: ' Helper' }, '/settings/nick', words('nick', 'pattern')],
        [{ nick: 'Helper ' }, '/settings/nick', words('nick', 'pattern')],
        [{ bio: 'b'.repeat(191) }, '/settings/bio', words('bio', 'maxLength', { limit: schema.properties.bio.maxLength! })],
        [{ avatar: 'https://example.com/cat.png' }, '/settings/avatar', 'Please upload an image'],
      ] as const;
      for (const [change, path, message] of cases) {
        const res = await save(change);
        expect(res.status, path).toBe(400);
        expect(res.body.fieldErrors, path).toContainEqual({ path, message });
      }
      expect(schema.properties.nick.maxLength).toBe(32);
      expect(schema.properties.bio.maxLength).toBe(190);
      // What the limits allow is saved.
      await saved({ nick: 'n'.repeat(32), bio: 'b'.repeat(190) });
      await saved({ nick: '', bio: '' });
    });
  });

  describe('images refused by their content at the upload', () => {
    it('refuses a PNG named .gif at the file name, and a text file named .png as a text file', async () => {
      const renamed = await upload('avatar', png(64, 64), 'cat.gif');
      expect(renamed.status).toBe(400);
      const name = words('avatar', 'x-image-name', { name: 'cat.gif', found: refusals.imageKindPng });
      expect(renamed.body).toEqual({ success: false, error: name, fieldErrors: [{ path: '/fileName', message: name }] });
      expect(name).toBe('This file is named cat.gif but holds a PNG image: rename it to match, or choose another file');

      const text = await upload('avatar', Buffer.from('definitely a picture\n'), 'cat.png');
      expect(text.status).toBe(400);
      expect(text.body.fieldErrors).toEqual([
        { path: '/data', message: 'The avatar must be a PNG, JPEG or GIF image; this file is a text file' },
      ]);
      const binary = await upload('avatar', Buffer.from([0, 1, 2, 3, 254, 255]), 'cat.png');
      expect(binary.body.fieldErrors).toEqual([
        { path: '/data', message: 'The avatar must be a PNG, JPEG or GIF image; this file is not an image' },
      ]);
    });

    it("refuses a type the field does not take (WebP), and bytes that are not base64, with the schema's words", async () => {
      const res = await upload('banner', webp(600, 240), 'banner.webp');
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors).toEqual([
        { path: '/data', message: 'The banner must be a PNG, JPEG or GIF image; this file is a WebP image' },
      ]);
      const broken = await upload('avatar', 'iVBORw0KGgo', 'cat.png');
      expect(broken.status).toBe(400);
      expect(broken.body.fieldErrors).toEqual([{ path: '/data', message: 'This file could not be read: please choose it again' }]);
    });

    it('refuses an image of 10 MiB and one byte, and a body beyond the route limit with 413', async () => {
      const big = png(64, 64, { totalBytes: 10 * 1024 * 1024 + 1 });
      const res = await upload('avatar', big, 'big.png');
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors).toEqual([{ path: '/data', message: 'The avatar must be at most 10 MB; this file is 10.01 MB' }]);
      // Exactly 10 MiB is taken.
      expect((await upload('avatar', png(64, 64, { totalBytes: 10 * 1024 * 1024 }), 'ten.png')).status).toBe(200);
      const tooMuch = await upload('avatar', 'A'.repeat(IMAGE_UPLOAD_BODY_LIMIT), 'huge.png');
      expect(tooMuch.status).toBe(413);
      // Any other route keeps the ordinary limit.
      const elsewhere = await owner.json(`${base}/settings/personalizer`, {
        method: 'PUT',
        json: { version: 0, settings: { bio: 'b'.repeat(200 * 1024) } },
      });
      expect(elsewhere.status).toBe(413);
    });

    it('refuses dimensions outside the bounds: a 63×63 avatar, a 64×64 banner; takes 64×64 as an avatar, GIF and JPEG too', async () => {
      const small = await upload('avatar', png(63, 63), 'small.png');
      expect(small.status).toBe(400);
      expect(small.body.fieldErrors).toEqual([
        { path: '/data', message: 'The avatar must be between 64×64 and 4096×4096 pixels; this image is 63×63' },
      ]);
      const banner = await upload('banner', gif(64, 64), 'banner.gif');
      expect(banner.body.fieldErrors).toEqual([
        { path: '/data', message: 'The banner must be between 300×120 and 4096×4096 pixels; this image is 64×64' },
      ]);
      expect((await upload('avatar', png(64, 64), 'ok.png')).status).toBe(200);
      expect((await upload('avatar', gif(64, 64, 2), 'wave.GIF')).body.image).toMatchObject({ type: 'image/gif', animated: true });
      expect((await upload('banner', jpeg(600, 240), 'banner.jpeg')).body.image).toMatchObject({ type: 'image/jpeg', width: 600 });
    });

    it('answers 404 for a field that takes no image, or a section without one', async () => {
      for (const path of ['personalizer/images/nick', 'personalizer/images/bogus', 'basic/images/avatar']) {
        const res = await owner.json(`${base}/settings/${path}`, {
          method: 'POST',
          json: { fileName: 'a.png', data: png(64, 64).toString('base64') },
        });
        expect({ path, status: res.status, error: res.body.error }).toEqual({ path, status: 404, error: 'No such image field' });
      }
      // Before the body is read: whatever was sent.
      const unknown = await owner.json(`${base}/settings/nosuch/images/avatar`, { method: 'POST', json: {} });
      expect(unknown.status).toBe(404);
      expect((await owner.json(`${base}/settings/personalizer/images/bio`, { method: 'POST', json: {} })).status).toBe(404);
    });
  });

  describe('Apply and Reset through Modify Current Member', () => {
    it('tells the status before anything was applied: empty fields live, the bio unknown', async () => {
      await saved({ nick: '', avatar: '', banner: '', bio: '' });
      const res = await status();
      expect(res.status).toBe(200);
      expect(validatePersonalizerStatus(res.body)).toBe(true);
      expect(res.body).toMatchObject({
        bot: { id: BOT_ID, username: SANDBOX_USERS.bot.username },
        live: { nick: null, avatar: null, banner: null },
        applied: null,
        fields: { nick: 'live', avatar: 'live', banner: 'live', bio: 'unknown' },
      });
    });

    it('applies the saved nickname, avatar and bio: the member has them in Discord and the status says live', async () => {
      const avatar = await uploaded('avatar', png(128, 128, { rgb: [250, 100, 0] }), 'helper.png');
      await saved({ nick: 'Guild Helper', avatar, banner: '', bio: 'Here to help.' });
      expect((await status()).body.fields).toEqual({ nick: 'pending', avatar: 'pending', banner: 'live', bio: 'unknown' });

      const res = await apply();
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(validatePersonalizerApplyResponse(res.body)).toBe(true);
      expect(res.body.success).toBe(true);
      expect(res.body.fields).toEqual([
        { field: 'nick', outcome: 'applied', message: refusals.personalizerApplied },
        { field: 'avatar', outcome: 'applied', message: refusals.personalizerApplied },
        { field: 'banner', outcome: 'cleared', message: 'Cleared: the bot shows its global banner here' },
        { field: 'bio', outcome: 'applied', message: refusals.personalizerApplied },
      ]);
      const member = await botMember();
      expect(member.nick).toBe('Guild Helper');
      expect(member.avatar).toMatch(/^[0-9a-f]{32}$/);
      expect(res.body.status.fields).toEqual({ nick: 'live', avatar: 'live', banner: 'live', bio: 'live' });

      const after = (await status()).body;
      expect(after.live).toEqual({ nick: 'Guild Helper', avatar: member.avatar, banner: null });
      expect(after.applied).toMatchObject({ action: 'apply', nick: 'Guild Helper', avatar, avatarHash: member.avatar, by: 'Demo Owner' });
      expect(after.fields).toEqual({ nick: 'live', avatar: 'live', banner: 'live', bio: 'live' });
    });

    it('says changed when someone renamed the bot in Discord since, and pending for a saved change not applied', async () => {
      const member = sandbox.guild(GUILD)!.members.find((m) => m.user_id === BOT_ID)!;
      const before = member.nick;
      member.nick = 'Renamed In Discord';
      try {
        expect((await status()).body.fields.nick).toBe('changed');
      } finally {
        member.nick = before;
      }
      await saved({ bio: 'A new bio.' });
      expect((await status()).body.fields).toEqual({ nick: 'live', avatar: 'live', banner: 'live', bio: 'pending' });
    });

    it('resets the bot to its global profile: every field null in Discord, the saved profile kept and pending', async () => {
      const res = await reset();
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(validatePersonalizerApplyResponse(res.body)).toBe(true);
      expect(res.body).toMatchObject({ success: true, action: 'reset' });
      expect(res.body.fields.map((f: { outcome: string }) => f.outcome)).toEqual(['cleared', 'cleared', 'cleared', 'cleared']);
      expect(res.body.fields[0].message).toBe(fillRefusal(refusals.personalizerCleared, { field: refusals.personalizerFieldNick }));
      const member = await botMember();
      expect(member.nick).toBeNull();
      expect(member.avatar ?? null).toBeNull();
      const after = (await status()).body;
      expect(after.applied).toMatchObject({
        action: 'reset',
        nick: '',
        avatar: '',
        banner: '',
        bio: '',
        avatarHash: null,
        bannerHash: null,
      });
      expect(after.fields).toEqual({ nick: 'pending', avatar: 'pending', banner: 'live', bio: 'pending' });
      expect((await read()).settings).toMatchObject({ nick: 'Guild Helper', bio: 'A new bio.' });
    });
  });

  describe("Discord's refusals, field by field", () => {
    it('without Change Nickname: 502, the nickname refused in plain words, the other fields not sent, nothing changed', async () => {
      const roles = botRoles();
      const before = roles.map((role) => role.permissions);
      const lacking = P.ChangeNickname | P.Administrator;
      for (const role of roles) role.permissions = (BigInt(role.permissions) & ~lacking).toString();
      try {
        const res = await apply();
        expect(res.status).toBe(502);
        expect(validatePersonalizerApplyResponse(res.body)).toBe(true);
        expect(res.body).toMatchObject({ success: false, action: 'apply', error: refusals.personalizerRefused });
        expect(res.body.fields).toEqual([
          { field: 'nick', outcome: 'refused', message: refusals.personalizerNeedsChangeNickname },
          { field: 'avatar', outcome: 'not-sent', message: refusals.personalizerNotSent },
          { field: 'banner', outcome: 'not-sent', message: refusals.personalizerNotSent },
          { field: 'bio', outcome: 'not-sent', message: refusals.personalizerNotSent },
        ]);
        expect((await botMember()).nick).toBeNull();
      } finally {
        roles.forEach((role, i) => (role.permissions = before[i]!));
      }
    });

    it("refuses an image Discord finds invalid with Discord's own reason, the others not sent", async () => {
      // A record whose bytes are not the type it names (written to the store directly: the upload never makes one).
      const bytes = png(100, 100, { rgb: [1, 1, 1] });
      const id = 'ee'.repeat(32);
      await app.storage.records.insert(IMAGES, {
        id,
        guildId: null,
        data: { type: 'image/gif', width: 100, height: 100, bytes: bytes.length, animated: false, base64: bytes.toString('base64') },
      });
      const avatar = (await read()).settings.avatar;
      await saved({ avatar: id });
      try {
        const res = await apply();
        expect(res.status).toBe(502);
        const fields = Object.fromEntries(res.body.fields.map((f: { field: string }) => [f.field, f]));
        expect(fields.avatar).toMatchObject({ outcome: 'refused', message: expect.any(String) });
        expect(fields.avatar.message).not.toBe('');
        expect(fields.nick).toEqual({ field: 'nick', outcome: 'not-sent', message: refusals.personalizerNotSent });
      } finally {
        await saved({ avatar });
      }
    });

    it('passes on a Discord rate limit as 429 with Retry-After', async () => {
      const original = sandbox.takeRateLimit.bind(sandbox);
      sandbox.takeRateLimit = (key, policy) =>
        key.startsWith('PATCH /guilds/:guild_id/members/@me')
          ? { allowed: false, limit: 5, remaining: 0, resetAt: Date.now() + 60_000 }
          : original(key, policy);
      try {
        const limited = await apply();
        expect(limited.status).toBe(429);
        expect(Number(limited.res.headers.get('retry-after'))).toBeGreaterThan(0);
      } finally {
        sandbox.takeRateLimit = original;
      }
    });

    it('answers 400 at the field when a saved image is gone from storage, sending nothing', async () => {
      const id = await uploaded('avatar', png(90, 90, { rgb: [3, 3, 3] }), 'gone.png');
      await saved({ avatar: id });
      await app.storage.records.delete(IMAGES, id);
      const res = await apply();
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors).toEqual([{ path: '/avatar', message: words('avatar', 'x-image-missing') }]);
      await saved({ avatar: '' });
    });
  });

  describe('who may', () => {
    it('refuses a guild the user cannot manage (403) on each of the five routes, and another guild’s image (404)', async () => {
      const id = await uploaded('avatar', png(70, 70, { rgb: [7, 7, 7] }), 'mine.png');
      await saved({ avatar: id });
      const foreign = `/api/guild/${FOREIGN}`;
      const calls = [
        owner.json(`${foreign}/settings/personalizer/images/avatar`, {
          method: 'POST',
          json: { fileName: 'a.png', data: png(64, 64).toString('base64') },
        }),
        owner.json(`${foreign}/images/${id}`),
        owner.json(`${foreign}/personalizer/status`),
        owner.json(`${foreign}/personalizer/apply`, { method: 'POST' }),
        owner.json(`${foreign}/personalizer/reset`, { method: 'POST' }),
      ];
      expect((await Promise.all(calls)).map((res) => res.status)).toEqual([403, 403, 403, 403, 403]);
      // Pixel Painters, which the owner manages, does not name this image: not served from its URL.
      expect((await owner.json(`/api/guild/${SANDBOX_GUILDS.pixelPainters.id}/images/${id}`)).status).toBe(404);
      expect((await owner.request(`${base}/images/${id}`)).status).toBe(200);
    });

    it('needs the CSRF header on Apply, Reset and the upload, and a signed-in user everywhere', async () => {
      expect((await apply(owner, false)).status).toBe(403);
      expect((await reset(owner, false)).status).toBe(403);
      const noCsrf = await owner.json(`${base}/settings/personalizer/images/avatar`, {
        method: 'POST',
        csrf: false,
        json: { fileName: 'a.png', data: png(64, 64).toString('base64') },
      });
      expect(noCsrf.status).toBe(403);
      const anonymous = app.browser();
      await anonymous.json('/api/user');
      expect((await status(anonymous)).status).toBe(401);
      expect((await apply(anonymous)).status).toBe(401);
      expect((await reset(anonymous)).status).toBe(401);
      expect((await upload('avatar', png(64, 64), 'a.png', anonymous)).status).toBe(401);
      const member = app.browser();
      await member.signIn('demo-member');
      await member.json('/api/user');
      expect((await status(member)).status).toBe(403);
      expect((await apply(member)).status).toBe(403);
    });
  });
});
