import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { DiscordErrorCode } from '@guildhall/common/discord/errors';
import { fillRefusal, refusals } from '@guildhall/generated/refusals';
import { publishedSchemas } from '@guildhall/generated/schemas';
import type { PersonalizerApplyResponse, PersonalizerSettings, PersonalizerStatus } from '@guildhall/generated/types';
import type { RESTPatchAPICurrentGuildMemberJSONBody } from 'discord-api-types/v10';
import { DiscordFailure } from '../discord/discord.errors.js';
import { DiscordService } from '../discord/discord.service.js';
import type { SessionUser } from '../discord/discord.types.js';
import { ApiError } from '../http/api-error.js';
import { readImage } from '../images/image-store.js';
import { CLOCK, type Clock } from '../payments/payment-provider.js';
import { GuildReferences } from '../references/guild-references.js';
import type { Schema } from '../references/schema-walk.js';
import { SettingsService } from '../settings/settings.service.js';
import { STORAGE, type StoragePort } from '../storage/storage.port.js';
import { type AppliedProfile, readApplied, storeApplied } from './personalizer-applied.js';
import { PROFILE_FIELDS, type ProfileField, statusOf } from './personalizer-status.js';

const SECTION = 'personalizer';
const SCHEMA = publishedSchemas[SECTION] as Schema;

type Action = PersonalizerApplyResponse['action'];
type Outcome = PersonalizerApplyResponse['fields'][number];

/** Each field's name in the refusals' words ("its global nickname"). */
const FIELD_WORDS: Record<ProfileField, string> = {
  nick: refusals.personalizerFieldNick,
  avatar: refusals.personalizerFieldAvatar,
  banner: refusals.personalizerFieldBanner,
  bio: refusals.personalizerFieldBio,
};

/**
 * The Bot Personalizer beyond its settings: the bot's profile in a guild as Discord has it (status), the saved profile
 * sent with Modify Current Member (apply) or every field null (reset), and what Discord said, field by field.
 */
@Injectable()
export class PersonalizerService {
  constructor(
    private readonly discord: DiscordService,
    private readonly settings: SettingsService,
    private readonly references: GuildReferences,
    @Inject(STORAGE) private readonly storage: StoragePort,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async status(guildId: string): Promise<PersonalizerStatus> {
    const [bot, saved, applied] = await Promise.all([this.discord.botUser(), this.saved(guildId), readApplied(this.storage, guildId)]);
    return statusOf(bot, await this.discord.member(guildId, bot.id), applied, saved);
  }

  /** Sends the saved profile; an image gone from storage (or no longer fitting its field) is 400 at its field first. */
  async apply(guildId: string, user: SessionUser): Promise<PersonalizerApplyResponse> {
    const saved = await this.saved(guildId);
    await this.references.assertImagesActable(SCHEMA, saved);
    const body: RESTPatchAPICurrentGuildMemberJSONBody = {
      nick: saved.nick || null,
      avatar: await this.dataUri(saved, 'avatar'),
      banner: await this.dataUri(saved, 'banner'),
      bio: saved.bio || null,
    };
    return this.send(guildId, 'apply', body, saved, user);
  }

  /** Every field null: the bot's global profile in this guild again. The saved profile stays, to apply later. */
  async reset(guildId: string, user: SessionUser): Promise<PersonalizerApplyResponse> {
    return this.send(guildId, 'reset', { nick: null, avatar: null, banner: null, bio: null }, await this.saved(guildId), user);
  }

  private async send(
    guildId: string,
    action: Action,
    body: RESTPatchAPICurrentGuildMemberJSONBody,
    saved: PersonalizerSettings,
    user: SessionUser,
  ): Promise<PersonalizerApplyResponse> {
    let member;
    try {
      member = await this.discord.modifyCurrentMember(guildId, body);
    } catch (err) {
      throw refusal(action, DiscordFailure.from(err));
    }
    const sent = action === 'apply' ? saved : { nick: '', avatar: '', banner: '', bio: '' };
    const applied: AppliedProfile = {
      action,
      ...sent,
      avatarHash: member.avatar ?? null,
      bannerHash: (member as { banner?: string | null }).banner ?? null,
      at: this.clock().toISOString(),
      by: user.global_name ?? user.username,
    };
    await storeApplied(this.storage, guildId, applied);
    const fields = PROFILE_FIELDS.map((field): Outcome =>
      sent[field]
        ? { field, outcome: 'applied', message: refusals.personalizerApplied }
        : { field, outcome: 'cleared', message: fillRefusal(refusals.personalizerCleared, { field: FIELD_WORDS[field] }) },
    );
    return { success: true, action, fields, status: statusOf(await this.discord.botUser(), member, applied, saved) };
  }

  private async saved(guildId: string): Promise<PersonalizerSettings> {
    return (await this.settings.read(guildId, SECTION)).settings as unknown as PersonalizerSettings;
  }

  /** A stored image as Discord's image data (`data:<type>;base64,...`), null for none. */
  private async dataUri(saved: PersonalizerSettings, field: 'avatar' | 'banner'): Promise<string | null> {
    if (!saved[field]) return null;
    const image = await readImage(this.storage, saved[field]);
    if (image) return `data:${image.type};base64,${image.base64}`;
    // Gone since assertImagesActable read it: the same 400 at its field.
    await this.references.assertImagesActable(SCHEMA, saved, `/${field}`);
    throw new Error(`the ${field} image is gone, yet the check found it`);
  }
}

/**
 * Discord's refusal, field by field (502, nothing changed: Discord applies all or none): the fields its Invalid Form
 * Body names are refused with its reason, a nick without Change Nickname with ours, the others not sent. A rate limit
 * is 429 with Retry-After; Discord unreachable, every field not sent.
 */
function refusal(action: Action, failure: DiscordFailure): ApiError {
  if (failure.status === HttpStatus.TOO_MANY_REQUESTS) return failure.toApiError();
  const reasons = new Map<ProfileField, string>();
  if (failure.code === DiscordErrorCode.InvalidFormBodyOrContentType && isObject(failure.errors))
    for (const field of PROFILE_FIELDS) {
      const reason = firstReason(failure.errors[field]);
      if (reason) reasons.set(field, reason);
    }
  if (failure.code === DiscordErrorCode.MissingPermissions) reasons.set('nick', refusals.personalizerNeedsChangeNickname);
  const fields = PROFILE_FIELDS.map((field): Outcome => {
    const reason = reasons.get(field);
    return reason ? { field, outcome: 'refused', message: reason } : { field, outcome: 'not-sent', message: refusals.personalizerNotSent };
  });
  const error = failure.status === 0 ? fillRefusal(refusals.personalizerFailed, { reason: failure.reason }) : refusals.personalizerRefused;
  return new ApiError(HttpStatus.BAD_GATEWAY, error, { action, fields });
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first `_errors[].message` in Discord's error tree under one field (it may nest: `avatar: { _errors }`). */
function firstReason(node: unknown, depth = 0): string | undefined {
  if (!isObject(node) || depth > 8) return undefined;
  const own = node._errors;
  if (Array.isArray(own)) for (const entry of own) if (isObject(entry) && typeof entry.message === 'string') return entry.message;
  for (const [key, child] of Object.entries(node)) {
    if (key === '_errors') continue;
    const found = firstReason(child, depth + 1);
    if (found) return found;
  }
  return undefined;
}
