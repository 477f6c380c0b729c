import { createHash } from 'node:crypto';
import { FieldError, type FieldErrorTuple, FormErrors } from './discord-errors.js';
import type { SandboxImageType, SandboxMemberImage, SandboxMemberImageKind } from './sandbox.types.js';

const MiB = 1024 * 1024;

// Discord's limits for Modify Current Member (https://discord.com/developers/docs/resources/guild#modify-current-member):
// a nickname of 1-32 characters, a bio of up to 190, guild avatar and banner images of up to 10 MiB.
export const MEMBER_PROFILE_LIMITS = {
  nick: 32,
  bio: 190,
  imageBytes: 10 * MiB,
} as const;

/**
 * What a Modify Current Member body changes: a field left out stays as it is (undefined), null resets it (the member
 * shows their global profile there again).
 */
export interface MemberProfileChange {
  nick?: string | null;
  bio?: string | null;
  avatar?: SandboxMemberImage | null;
  banner?: SandboxMemberImage | null;
}

const IMAGE_INVALID = FieldError.image;
const IMAGE_TOO_LARGE = FieldError.maxFileSize(MEMBER_PROFILE_LIMITS.imageBytes);

const DATA_URI = /^data:(image\/(?:png|jpeg|gif|webp));base64,([A-Za-z0-9+/]*={0,2})$/;

/**
 * More than `max` characters, counted as Discord counts them: code points, not UTF-16 units. A text of more than twice
 * as many units is over without being split (a bot's body may be megabytes).
 */
const longerThan = (text: string, max: number) => text.length > 2 * max || [...text].length > max;

/**
 * The body of PATCH guilds/{id}/members/@me, checked whole before anything is stored (Discord applies all fields or
 * none): each failure at its field in Discord's 400 Invalid Form Body. Unknown keys are ignored, as Discord does.
 */
export function readMemberProfile(raw: unknown): MemberProfileChange {
  const errors = new FormErrors();
  const body = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const change: MemberProfileChange = {};

  const text = (key: 'nick' | 'bio', max: number, trim: boolean): string | null | undefined => {
    const value = body[key];
    if (value === undefined || value === null) return value;
    if (typeof value !== 'string') {
      errors.add([key], ...FieldError.string(value));
      return undefined;
    }
    const kept = trim ? value.trim() : value;
    if (longerThan(kept, max)) {
      errors.add([key], ...FieldError.maxLength(max));
      return undefined;
    }
    // An empty value resets, as null does.
    return kept === '' ? null : kept;
  };
  if ('nick' in body) change.nick = text('nick', MEMBER_PROFILE_LIMITS.nick, true);
  if ('bio' in body) change.bio = text('bio', MEMBER_PROFILE_LIMITS.bio, false);

  for (const kind of ['avatar', 'banner'] as const satisfies readonly SandboxMemberImageKind[]) {
    const value = body[kind];
    if (value === undefined) continue;
    if (value === null) {
      change[kind] = null;
      continue;
    }
    const image = typeof value === 'string' ? readImage(value) : IMAGE_INVALID;
    if ('hash' in image) change[kind] = image;
    else errors.add([kind], ...image);
  }
  errors.throwIfAny();
  return change;
}

/** A data URI of an image type Discord takes whose bytes are that type, within Discord's size; else Discord's refusal. */
function readImage(uri: string): SandboxMemberImage | FieldErrorTuple {
  const match = DATA_URI.exec(uri);
  if (!match) return IMAGE_INVALID;
  const [, type, base64] = match as unknown as [string, SandboxImageType, string];
  // The decoded size, known before decoding: a large image is refused without making a second copy of it.
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  if (Math.floor((base64.length * 3) / 4) - padding > MEMBER_PROFILE_LIMITS.imageBytes) return IMAGE_TOO_LARGE;
  const data = Buffer.from(base64, 'base64');
  if (data.length === 0 || imageTypeOf(data) !== type) return IMAGE_INVALID;
  const hash = createHash('md5').update(data).digest('hex');
  return { hash: type === 'image/gif' && gifFrames(data) > 1 ? `a_${hash}` : hash, type, data };
}

/** The image type the bytes say they are (their magic numbers), whatever the data URI claims. */
export function imageTypeOf(data: Buffer): SandboxImageType | undefined {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  const head = data.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'image/gif';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return undefined;
}

/**
 * How many images (frames) a GIF holds, counted by walking its blocks: image descriptors (0x2C) with their colour
 * tables and data sub-blocks, extensions (0x21) with theirs, up to the trailer (0x3B). A 0x2C byte inside pixel data is
 * not a frame. Stops at 2: more than one makes it animated, which is all Discord's hash says. A GIF cut short counts what
 * it had.
 */
export function gifFrames(data: Buffer): number {
  const colourTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  if (data.length < 13) return 0;
  let at = 13 + colourTable(data[10]!);
  const skipSubBlocks = () => {
    while (at < data.length && data[at] !== 0) at += data[at]! + 1;
    at += 1;
  };
  let frames = 0;
  while (at < data.length && frames < 2) {
    const block = data[at]!;
    if (block === 0x2c) {
      if (at + 10 > data.length) break;
      frames += 1;
      at += 10 + colourTable(data[at + 9]!);
      // The LZW minimum code size, then the image's data.
      at += 1;
      skipSubBlocks();
    } else if (block === 0x21) {
      at += 2;
      skipSubBlocks();
    } else break;
  }
  return frames;
}
