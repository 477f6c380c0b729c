import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { publishedSchemas } from '@guildhall/generated/schemas';
import { SANDBOX_GUILDS } from '@guildhall/sandbox-discord/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { looksLikeText, probeImage } from '../src/images/image-probe.js';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';
import { gif, jpeg, png, webp } from './support/images.js';

// Uploaded images: the probe that reads a file's type and size from its bytes (real tiny images built here), the
// engine's image check on every write path (settings PUT, import, clone), and images served back only to a guild
// that names them. The upload's refusals by field are in personalizer.test.ts.

type Messages = Record<string, string>;
const personalizer = publishedSchemas.personalizer as { properties: Record<string, { 'x-messages': Messages }> };
const words = (field: 'avatar' | 'banner') => personalizer.properties[field]!['x-messages'];

describe('the image probe reads the type and size from the bytes', () => {
  it('reads a PNG: its signature and IHDR', () => {
    expect(probeImage(png(64, 48))).toEqual({ type: 'image/png', width: 64, height: 48, animated: false });
    expect(probeImage(png(1, 1, { totalBytes: 5000 }))).toEqual({ type: 'image/png', width: 1, height: 1, animated: false });
  });

  it('reads a JPEG: the SOF marker after other segments and fill bytes', () => {
    expect(probeImage(jpeg(640, 480))).toEqual({ type: 'image/jpeg', width: 640, height: 480, animated: false });
    expect(probeImage(jpeg(300, 4096))).toMatchObject({ width: 300, height: 4096 });
  });

  it('reads a GIF: its logical screen, animated when it has more than one image', () => {
    expect(probeImage(gif(100, 50))).toEqual({ type: 'image/gif', width: 100, height: 50, animated: false });
    expect(probeImage(gif(100, 50, 3))).toEqual({ type: 'image/gif', width: 100, height: 50, animated: true });
  });

  it('reads WebP: lossy, lossless and extended headers', () => {
    expect(probeImage(webp(320, 200, 'VP8'))).toEqual({ type: 'image/webp', width: 320, height: 200, animated: false });
    expect(probeImage(webp(320, 200, 'VP8L'))).toEqual({ type: 'image/webp', width: 320, height: 200, animated: false });
    expect(probeImage(webp(5000, 70, 'VP8X', true))).toEqual({ type: 'image/webp', width: 5000, height: 70, animated: true });
  });

  it('never trusts anything but the bytes: text, empty, cut or zero-sized headers are not images', () => {
    expect(probeImage(Buffer.from('just some text, named cat.png'))).toBeNull();
    expect(probeImage(Buffer.alloc(0))).toBeNull();
    expect(probeImage(png(64, 64).subarray(0, 20))).toBeNull();
    expect(probeImage(png(0, 64))).toBeNull();
    expect(probeImage(jpeg(64, 64).subarray(0, 30))).toBeNull();
    expect(probeImage(Buffer.from('GIF89a'))).toBeNull();
    // A JPEG whose scan starts before any frame header, and one whose segment length is below its own 2 bytes.
    expect(probeImage(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02]))).toBeNull();
    expect(probeImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01, 0xff, 0xc0]))).toBeNull();
  });

  it('never throws on garbage: random bytes, and every prefix of every kind of image', () => {
    const samples = [png(70, 70), jpeg(80, 90), gif(10, 10, 2), webp(30, 30, 'VP8'), webp(30, 30, 'VP8L'), webp(30, 30)];
    for (const sample of samples)
      for (let length = 0; length < sample.length; length++) expect(() => probeImage(sample.subarray(0, length))).not.toThrow();
    for (let i = 0; i < 2000; i++) {
      const junk = randomBytes(1 + (i % 64));
      // Each kind's magic number followed by junk: the header walk must stay inside the buffer.
      for (const magic of [[0xff, 0xd8], [...Buffer.from('GIF89a')], [...Buffer.from('RIFF....WEBPVP8X')], samples[0]!.subarray(0, 16)])
        expect(() => probeImage(Buffer.concat([Buffer.from(magic), junk]))).not.toThrow();
    }
  });

  it('tells text from other files that are not images', () => {
    expect(looksLikeText(Buffer.from('name,score\nada,3\n'))).toBe(true);
    expect(looksLikeText(Buffer.from('héllo wörld ✓'))).toBe(true);
    expect(looksLikeText(Buffer.from([0x00, 0x01, 0x02, 0xfe]))).toBe(false);
    expect(looksLikeText(png(2, 2))).toBe(false);
  });
});

describe('images over real HTTP: the engine check on every write, and serving (PGlite + Discord sandbox)', () => {
  const data = tempDataDir();
  let app: Awaited<ReturnType<typeof startTestApp>>;
  let owner: TestBrowser;
  const COMMUNITY: string = SANDBOX_GUILDS.community.id;
  const PIXEL: string = SANDBOX_GUILDS.pixelPainters.id;

  const upload = (field: string, bytes: Buffer, fileName = 'picture.png', guildId = COMMUNITY) =>
    owner.json(`/api/guild/${guildId}/settings/personalizer/images/${field}`, {
      method: 'POST',
      json: { fileName, data: bytes.toString('base64') },
    });
  const uploaded = async (field: string, bytes: Buffer, fileName?: string) => {
    const res = await upload(field, bytes, fileName);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.image.id as string;
  };
  const read = async (guildId = COMMUNITY) => (await owner.json(`/api/guild/${guildId}/settings/personalizer`)).body;
  const save = async (change: Record<string, unknown>, guildId = COMMUNITY) => {
    const current = await read(guildId);
    return owner.json(`/api/guild/${guildId}/settings/personalizer`, {
      method: 'PUT',
      json: { version: current.version, settings: { ...current.settings, ...change } },
    });
  };
  const image = (id: string, guildId = COMMUNITY) => owner.request(`/api/guild/${guildId}/images/${id}`);

  beforeAll(async () => {
    app = await startTestApp({ DATA_DIR: data.dir });
    owner = app.browser();
    await owner.signIn('demo-owner');
    await owner.json('/api/user');
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  it('stores an upload under the SHA-256 of its bytes, the same bytes again being the same image', async () => {
    const bytes = png(96, 96, { rgb: [1, 2, 3] });
    const first = await upload('avatar', bytes);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      image: { id: expect.stringMatching(/^[0-9a-f]{64}$/), type: 'image/png', width: 96, height: 96, bytes: bytes.length },
    });
    expect((await upload('avatar', bytes, 'again.PNG')).body).toEqual(first.body);
    const animated = await upload('avatar', gif(128, 128, 2), 'wave.gif');
    expect(animated.body.image).toMatchObject({ type: 'image/gif', animated: true });
  });

  it('refuses an id that is not stored, on a settings save, at the field with its words', async () => {
    const res = await save({ avatar: 'ab'.repeat(32) });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual([{ path: '/settings/avatar', message: words('avatar')['x-image-missing'] }]);
    expect(res.body.error).toBe(words('avatar')['x-image-missing']);
  });

  it("refuses a stored image that does not fit the field: an avatar's 64×64 saved as the banner", async () => {
    const id = await uploaded('avatar', png(64, 64, { rgb: [9, 9, 9] }));
    const res = await save({ banner: id });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual([
      { path: '/settings/banner', message: 'The banner must be between 300×120 and 4096×4096 pixels; this image is 64×64' },
    ]);
    expect((await save({ avatar: id })).status).toBe(200);
  });

  it('serves an image only to the guild that uploaded it or whose settings or history name it, as its type, private and immutable', async () => {
    const bytes = png(80, 80, { rgb: [200, 10, 10] });
    // An id nobody uploaded through this guild or names here: 404.
    const other = await upload('avatar', png(81, 81, { rgb: [1, 200, 10] }), 'other.png', PIXEL);
    expect(other.status).toBe(200);
    expect((await image(other.body.image.id as string)).status).toBe(404);
    expect((await image(other.body.image.id as string, PIXEL)).status).toBe(200);
    // Uploaded through this guild, not saved yet: the form previews it at once.
    const id = await uploaded('avatar', bytes);
    expect((await image(id)).status).toBe(200);
    expect((await save({ avatar: id })).status).toBe(200);
    const served = await image(id);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'");
    // Another guild the owner manages does not name it: its URL does not serve it.
    expect((await image(id, PIXEL)).status).toBe(404);
    // Replaced in the settings, it is still named by the guild's history (a revert may bring it back).
    expect((await save({ avatar: '' })).status).toBe(200);
    expect((await image(id)).status).toBe(200);
    // A malformed id is the parameter's 400; a guild the owner cannot manage is 403; signed out, 401.
    expect((await image('not-a-hash')).status).toBe(400);
    expect((await image(id, SANDBOX_GUILDS.nightOwls.id)).status).toBe(403);
    expect((await app.browser().request(`/api/guild/${COMMUNITY}/images/${id}`)).status).toBe(401);
  });

  it('refuses an import that names an image not stored here, at its path in the file', async () => {
    const exported = (await owner.json(`/api/guild/${PIXEL}/export`)).body;
    exported.sections.personalizer = { ...exported.sections.personalizer, banner: 'cd'.repeat(32) };
    const res = await owner.json(`/api/guild/${PIXEL}/import`, { method: 'POST', json: { document: exported } });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual([{ path: '/document/sections/personalizer/banner', message: words('banner')['x-image-missing'] }]);
  });

  it('clones a profile with its images to another guild: the same stored image, served there too', async () => {
    const banner = await uploaded('banner', jpeg(600, 240), 'banner.jpg');
    const avatar = await uploaded('avatar', png(128, 128, { rgb: [0, 200, 0] }));
    expect((await save({ nick: 'Cloned', avatar, banner })).status).toBe(200);
    const res = await owner.json(`/api/guild/${COMMUNITY}/clone`, {
      method: 'POST',
      json: { targetGuildId: PIXEL, sections: ['personalizer'] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await read(PIXEL)).settings).toMatchObject({ nick: 'Cloned', avatar, banner });
    expect((await image(banner, PIXEL)).status).toBe(200);
    expect((await image(avatar, PIXEL)).headers.get('content-type')).toBe('image/png');
  });
});
