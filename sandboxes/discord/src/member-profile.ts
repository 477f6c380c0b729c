import { createHash } from 'node:crypto';
import { probeImage } from '@guildhall/backend/images/image-probe';
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
  // What the bytes are (their magic numbers and header), whatever the data URI claims: the dashboard's own reading.
  const probed = probeImage(data);
  if (!probed || probed.type !== type) return IMAGE_INVALID;
  const hash = createHash('md5').update(data).digest('hex');
  return { hash: type === 'image/gif' && probed.animated ? `a_${hash}` : hash, type, data };
}
