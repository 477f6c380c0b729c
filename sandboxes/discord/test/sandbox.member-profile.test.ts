/**
 * Modify Current Member (issue 29): the bot sets its own nickname, guild avatar, banner and bio per guild, with
 * Discord's checks and error shapes, all fields or none; the sandbox's CDN serves the images it was sent.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MEMBER_PROFILE_LIMITS } from '../src/member-profile.js';
import { Permission } from '../src/permissions.js';
import { MEMBER_PROFILE_BODY_LIMIT } from '../src/profile-gate.js';
import { SANDBOX_GUILDS, SANDBOX_USERS } from '../src/seed.js';
import { startDiscordSandbox, type RunningDiscordSandbox } from '../src/standalone.js';

const GUILD: string = SANDBOX_GUILDS.community.id;

// Real images, smallest forms, each with the header that gives its size (the bytes are read as the dashboard reads
// them): a 1x1 PNG, a JPEG's start and 1x1 frame header, a 1x1 GIF, a WebP's 1x1 key frame header.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from([
  ...[0xff, 0xd8],
  ...[0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x01, 0x00, 0x01, 0x03, 0x01, 0x11, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01],
  ...[0xff, 0xd9],
]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([22, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.from([10, 0, 0, 0, 0x30, 0x01, 0x00, 0x9d, 0x01, 0x2a, 1, 0, 1, 0]),
]);

/** A GIF of `frames` 1x1 images; `pixels` is each image's data sub-block (0x2C bytes in it are data, not images). */
function gif(frames: number, pixels = [0x44, 0x01]): Buffer {
  const head = [...Buffer.from('GIF89a'), 1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff];
  const frame = [
    ...[0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00],
    ...[0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0],
    0x02,
    pixels.length,
    ...pixels,
    0x00,
  ];
  return Buffer.from([...head, ...Array.from({ length: frames }, () => frame).flat(), 0x3b]);
}

const uri = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
const invalidImage = { _errors: [{ code: 'IMAGE_INVALID', message: 'Invalid image data' }] };
const tooLong = (max: number) => ({ _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${max} or fewer in length.` }] });

describe('Modify Current Member: PATCH guilds/{guild_id}/members/@me', () => {
  let sandbox: RunningDiscordSandbox;

  beforeAll(async () => {
    sandbox = await startDiscordSandbox({ guildsRateLimit: { limit: 1000, windowMs: 1000 } });
  });
  beforeEach(() => sandbox.service.reset());
  afterAll(async () => {
    await sandbox?.close();
  });

  async function patch(body: unknown, { guild = GUILD, auth = `Bot ${sandbox.botToken}` }: { guild?: string; auth?: string } = {}) {
    const res = await fetch(`${sandbox.api}/v10/guilds/${guild}/members/@me`, {
      method: 'PATCH',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any, headers: res.headers };
  }
  const botMember = () => sandbox.service.member(GUILD, sandbox.service.botUserId)!;
  const cdn = (kind: 'avatars' | 'banners', hash: string, ext = 'png', guild = GUILD, user = sandbox.service.botUserId) =>
    fetch(`${sandbox.base}/cdn/guilds/${guild}/users/${user}/${kind}/${hash}.${ext}`);

  it('sets the nickname, bio, avatar and banner, answers the member with both hashes, and the CDN serves the bytes', async () => {
    const res = await patch({ nick: 'Guildy', bio: 'Here to help', avatar: uri('image/png', PNG), banner: uri('image/jpeg', JPEG) });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-bucket')).toBeTruthy();
    expect(res.body).toMatchObject({ nick: 'Guildy', avatar: md5(PNG), banner: md5(JPEG), user: { id: sandbox.service.botUserId } });
    expect(res.body).not.toHaveProperty('bio');
    expect(botMember()).toMatchObject({ nick: 'Guildy', bio: 'Here to help', avatar: md5(PNG), banner: md5(JPEG) });

    const member = await fetch(`${sandbox.api}/guilds/${GUILD}/members/${sandbox.service.botUserId}`, {
      headers: { authorization: `Bot ${sandbox.botToken}` },
    });
    expect(await member.json()).toMatchObject({ nick: 'Guildy', avatar: md5(PNG), banner: md5(JPEG) });

    const avatar = await cdn('avatars', md5(PNG));
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/png');
    expect(avatar.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await avatar.arrayBuffer()).equals(PNG)).toBe(true);
    const banner = await cdn('banners', md5(JPEG), 'jpg');
    expect(banner.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await banner.arrayBuffer()).equals(JPEG)).toBe(true);
  });

  it("the CDN answers 404 for a hash that is not the member's current image, another kind, member or guild", async () => {
    await patch({ avatar: uri('image/png', PNG) });
    expect((await cdn('avatars', md5(PNG))).status).toBe(200);
    for (const res of [
      await cdn('avatars', md5(JPEG)),
      await cdn('banners', md5(PNG)),
      await cdn('avatars', md5(PNG), 'png', GUILD, SANDBOX_USERS.demoMember.id),
      await cdn('avatars', md5(PNG), 'png', SANDBOX_GUILDS.pixelPainters.id),
    ]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: '404: Not Found', code: 0 });
    }
    // A new avatar replaces the old one: the old hash is no longer served.
    await patch({ avatar: uri('image/webp', WEBP) });
    expect((await cdn('avatars', md5(PNG))).status).toBe(404);
    const webp = await cdn('avatars', md5(WEBP), 'webp');
    expect(webp.headers.get('content-type')).toBe('image/webp');
  });

  it('fields left out stay as they were', async () => {
    await patch({ nick: 'Guildy', avatar: uri('image/png', PNG) });
    const res = await patch({ bio: 'Only the bio' });
    expect(res.body).toMatchObject({ nick: 'Guildy', avatar: md5(PNG), banner: null });
    expect(botMember().bio).toBe('Only the bio');
  });

  it('null resets each field, and so does an empty nickname or bio; the images are no longer served', async () => {
    await patch({ nick: 'Guildy', bio: 'Bio', avatar: uri('image/png', PNG), banner: uri('image/png', PNG) });
    const nulls = await patch({ nick: null, bio: null, avatar: null, banner: null });
    expect(nulls.status).toBe(200);
    expect(nulls.body).toMatchObject({ nick: null, avatar: null, banner: null });
    expect(botMember()).toMatchObject({ nick: null, bio: null, avatar: null, banner: null });
    expect((await cdn('avatars', md5(PNG))).status).toBe(404);
    expect((await cdn('banners', md5(PNG))).status).toBe(404);

    await patch({ nick: 'Guildy', bio: 'Bio' });
    const empty = await patch({ nick: '', bio: '' });
    expect(empty.body.nick).toBeNull();
    expect(botMember()).toMatchObject({ nick: null, bio: null });
    // A nickname of spaces only is empty once trimmed.
    await patch({ nick: 'Guildy' });
    expect((await patch({ nick: '   ' })).body.nick).toBeNull();
  });

  it('the nickname is trimmed and holds 1 to 32 characters (code points, as Discord counts)', async () => {
    expect((await patch({ nick: '  Guildy  ' })).body.nick).toBe('Guildy');
    const max = 'n'.repeat(MEMBER_PROFILE_LIMITS.nick);
    expect((await patch({ nick: max })).body.nick).toBe(max);
    expect((await patch({ nick: ` ${max} ` })).body.nick).toBe(max);
    const emoji = '🙂'.repeat(MEMBER_PROFILE_LIMITS.nick);
    expect((await patch({ nick: emoji })).body.nick).toBe(emoji);

    const over = await patch({ nick: `${max}n` });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ message: 'Invalid Form Body', code: 50035, errors: { nick: tooLong(32) } });
    const notText = await patch({ nick: 42 });
    expect(notText.body.errors.nick._errors[0].code).toBe('STRING_TYPE_CONVERT');
  });

  it('the bio holds up to 190 characters', async () => {
    await patch({ bio: 'b'.repeat(MEMBER_PROFILE_LIMITS.bio) });
    expect(botMember().bio).toHaveLength(190);
    const over = await patch({ bio: 'b'.repeat(MEMBER_PROFILE_LIMITS.bio + 1) });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ message: 'Invalid Form Body', code: 50035, errors: { bio: tooLong(190) } });
  });

  it('an image that is not a PNG, JPEG, GIF or WebP data URI whose bytes are that type: 400 IMAGE_INVALID at its field', async () => {
    const refused: Array<[string, unknown]> = [
      ['a URL', 'https://example.com/avatar.png'],
      ['bare base64', PNG.toString('base64')],
      ['an SVG', uri('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))],
      ['a PNG said to be a GIF', uri('image/gif', PNG)],
      ['a GIF said to be a PNG', uri('image/png', gif(1))],
      ['text said to be a PNG', uri('image/png', Buffer.from('not an image at all'))],
      ['nothing', 'data:image/png;base64,'],
      ['broken base64', 'data:image/png;base64,iVBOR$$w0KGgo='],
      ['a number', 42],
      ['an object', { data: PNG.toString('base64') }],
    ];
    for (const [what, value] of refused) {
      for (const field of ['avatar', 'banner']) {
        const res = await patch({ [field]: value });
        expect({ what, field, status: res.status, body: res.body }).toEqual({
          what,
          field,
          status: 400,
          body: { message: 'Invalid Form Body', code: 50035, errors: { [field]: invalidImage } },
        });
      }
    }
    expect(botMember()).toMatchObject({ avatar: null, banner: null });
  });

  it("an image of Discord's 10 MiB is taken; one byte more is refused at its field", async () => {
    const max = Buffer.alloc(MEMBER_PROFILE_LIMITS.imageBytes, 0);
    PNG.copy(max);
    const taken = await patch({ banner: uri('image/png', max) });
    expect(taken.status).toBe(200);
    expect(taken.body.banner).toBe(md5(max));

    const over = await patch({ avatar: uri('image/png', Buffer.concat([max, Buffer.from([0])])) });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({
      message: 'Invalid Form Body',
      code: 50035,
      errors: { avatar: { _errors: [{ code: 'BINARY_TYPE_MAX_SIZE', message: 'File cannot be larger than 10240.0 kb.' }] } },
    });
  });

  it("a body beyond the route's limit is Discord's 413 (40005)", async () => {
    const res = await patch({ avatar: `data:image/png;base64,${'A'.repeat(MEMBER_PROFILE_BODY_LIMIT)}` });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Request entity too large', code: 40005 });
  });

  it('an animated GIF is hashed with a_; a still GIF is not, even when its pixel data holds the image separator byte', async () => {
    const animated = gif(2);
    const res = await patch({ avatar: uri('image/gif', animated) });
    expect(res.body.avatar).toBe(`a_${md5(animated)}`);
    const served = await cdn('avatars', `a_${md5(animated)}`, 'gif');
    expect(served.headers.get('content-type')).toBe('image/gif');
    expect(Buffer.from(await served.arrayBuffer()).equals(animated)).toBe(true);

    const still = gif(1, [0x2c, 0x2c, 0x2c]);
    expect((await patch({ avatar: uri('image/gif', still) })).body.avatar).toBe(md5(still));
    expect((await patch({ avatar: uri('image/gif', gif(3)) })).body.avatar).toMatch(/^a_[0-9a-f]{32}$/);
  });

  it('all or nothing: one bad field stores none of the others, and every bad field is named', async () => {
    await patch({ nick: 'Before', bio: 'Before' });
    const res = await patch({ nick: 'After', bio: 'b'.repeat(191), avatar: uri('image/png', PNG), banner: uri('image/png', JPEG) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ bio: tooLong(190), banner: invalidImage });
    expect(botMember()).toMatchObject({ nick: 'Before', bio: 'Before', avatar: null, banner: null });
    expect((await cdn('avatars', md5(PNG))).status).toBe(404);
  });

  it('a nickname without Change Nickname is 403 50013, and nothing else in the body is stored; images need no permission', async () => {
    const guild = sandbox.service.guild(GUILD)!;
    // The bot holds it through its own role and through @everyone: take it from both.
    const botRoles = new Set([...botMember().roles, GUILD]);
    for (const role of guild.roles)
      if (botRoles.has(role.id)) role.permissions = (BigInt(role.permissions) & ~Permission.ChangeNickname).toString();

    const res = await patch({ nick: 'Guildy', avatar: uri('image/png', PNG) });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Missing Permissions', code: 50013 });
    expect((await patch({ nick: null })).status).toBe(403);
    expect(botMember()).toMatchObject({ nick: null, avatar: null });
    expect((await cdn('avatars', md5(PNG))).status).toBe(404);

    const avatarOnly = await patch({ avatar: uri('image/png', PNG), bio: 'Still me' });
    expect(avatarOnly.status).toBe(200);
    expect(avatarOnly.body.avatar).toBe(md5(PNG));
  });

  it('the seeded bot may change its nickname where @everyone may not: its own role grants Change Nickname', async () => {
    const everyone = sandbox.service.guild(GUILD)!.roles.find((r) => r.id === GUILD)!;
    everyone.permissions = (BigInt(everyone.permissions) & ~Permission.ChangeNickname).toString();
    expect((await patch({ nick: 'Guildy' })).status).toBe(200);
  });

  it("is the bot's, in guilds it is in: a user's token 401, a guild without the bot 403 50001, an unknown guild 404", async () => {
    const bearer = sandbox.service.issueAccessToken('demo-owner');
    expect(await patch({ nick: 'x' }, { auth: `Bearer ${bearer}` })).toMatchObject({ status: 401, body: { code: 0 } });
    expect(await patch({ nick: 'x' }, { guild: SANDBOX_GUILDS.quietLibrary.id })).toMatchObject({
      status: 403,
      body: { message: 'Missing Access', code: 50001 },
    });
    expect(await patch({ nick: 'x' }, { guild: '1100000000000099999' })).toMatchObject({
      status: 404,
      body: { message: 'Unknown Guild', code: 10004 },
    });
  });

  it('a bot kicked from the guild takes its guild profile with it; invited again, it starts from its global one', async () => {
    await patch({ nick: 'Guildy', avatar: uri('image/png', PNG) });
    sandbox.service.removeBot(GUILD);
    expect((await cdn('avatars', md5(PNG))).status).toBe(404);
    sandbox.service.addBot(GUILD);
    expect(botMember()).toMatchObject({ nick: null, avatar: null, banner: null, bio: null });
  });
});
