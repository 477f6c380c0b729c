import { Inject, Injectable, Optional } from '@nestjs/common';
import { DiscordErrorCode } from '@guildhall/common/discord/errors';
import type { FieldError, SchedulePlan } from '@guildhall/generated/types';
import { DiscordFailure } from '../discord/discord.errors.js';
import { DiscordService } from '../discord/discord.service.js';
import type { DiscordChannel, DiscordRole } from '../discord/discord.types.js';
import { ApiError } from '../http/api-error.js';
import { imageProblem } from '../images/image-rules.js';
import { readImage } from '../images/image-store.js';
import { PremiumService } from '../payments/premium.service.js';
import { planProblems } from '../schedules/schedule-rules.js';
import { STORAGE, type StoragePort } from '../storage/storage.port.js';
import {
  findImages,
  findReferences,
  findSchedules,
  type FoundImage,
  type FoundReference,
  type FoundSchedule,
  type Schema,
} from './schema-walk.js';

/** The 400's headline when some field names an id the guild lacks. */
export const REFERENCES_ERROR = 'Some settings name channels or roles that are not in this server.';

/** What the guild holds now, read from Discord only for the kinds a document refers to. */
interface GuildIds {
  channels?: Map<string, DiscordChannel>;
  roles?: Set<string>;
  /** Roles no member can be given: managed ones (a bot's, boosters') and @everyone (its id is the guild's). */
  unassignable?: Set<string>;
  /** The roles (ids) of each member a document names, by user id; absent: not a member of the guild. */
  members?: Map<string, readonly string[]>;
  /** Each role's position (Discord's hierarchy: higher is above), read when a reference must be below the caller. */
  positions?: Map<string, number>;
}

/**
 * Who saves, for references a caller may name only below themselves (`belowCaller`): the guild's owner names any; anyone
 * else only roles below their highest role and members whose highest role is below it.
 */
export interface Saver {
  userId: string;
  guildOwner: boolean;
}

/** One document to check: its published schema, the document, and where it sits in the request. */
export interface CheckedDocument {
  schema: Schema;
  doc: unknown;
  /**
   * The document as stored now (or how to read it, asked only when the document names ids at all): an id already at
   * the same place was checked when it was saved (a channel Discord has since deleted stays until changed).
   */
  stored?: unknown | (() => Promise<unknown>);
  /** Prefix of every field error's path: where the document sits in the request body (`/settings`, `/item`...). */
  prefix?: string;
  /** Who saves it: a `belowCaller` reference is judged against them (without one, it is not). */
  by?: Saver;
}

/**
 * The engine's guarantee that a settings document names only its own guild's channels and roles: every field a schema
 * marks with `x-reference` is checked on every write path (settings PUT and revert, collection create/update/duplicate,
 * import, clone) against the guild's channels and roles, channel types included, and again at the moment the bot acts
 * on a stored id (Send Preview; a panel deploy checks its target channel itself, naming it). A manager of one server can thus never make the bot post in, or give, another
 * server's channel or role, nor a DM channel. Ids come from the schema, so a new reference field is covered by marking it.
 * The same walk checks what else a write must not store unchecked: images (`x-image`) and schedule plans (`x-schedule`).
 */
@Injectable()
export class GuildReferences {
  constructor(
    private readonly discord: DiscordService,
    // Where uploaded images are kept (x-image fields); optional only for checks of schemas without images.
    @Optional() @Inject(STORAGE) private readonly storage?: StoragePort,
    // The guild's plan and the clock, for schedule plans (x-schedule); optional only for checks of schemas without them.
    @Optional() private readonly premium?: PremiumService,
  ) {}

  /**
   * Field errors for each reference of the documents that is new (not at the same place in its `stored`) and not the
   * guild's, or of a type its field does not take; for each new image that does not fit, and each changed schedule plan
   * its rules refuse. The guild's channels and roles are read once for all of them (an import or a clone checks several
   * sections), and only for the kinds they name.
   */
  async problems(guildId: string, documents: readonly CheckedDocument[]): Promise<FieldError[]> {
    const { references, others } = await this.check(guildId, documents);
    return [...references, ...others];
  }

  /**
   * The problems of the documents' references apart from the others (their images and schedule plans: see problems).
   * A schedule plan (a place its schema marks with `x-schedule`) is judged by the plan's rules (schedule-rules.ts) at
   * the guild's plan and the app's clock, unless the same plan is stored at the same place (checked when saved).
   */
  private async check(guildId: string, documents: readonly CheckedDocument[]): Promise<{ references: FieldError[]; others: FieldError[] }> {
    const found: Found[] = [];
    const images: { image: FoundImage; prefix: string }[] = [];
    const schedules: { schedule: FoundSchedule; prefix: string; stored?: SchedulePlan }[] = [];
    for (const { schema, doc, stored, prefix = '', by } of documents) {
      const refs = findReferences(schema, doc);
      const named = findImages(schema, doc);
      const plans = findSchedules(schema, doc);
      if (refs.length === 0 && named.length === 0 && plans.length === 0) continue;
      const before = typeof stored === 'function' ? await (stored as () => Promise<unknown>)() : stored;
      const known = before === undefined ? new Set<string>() : new Set(findReferences(schema, before).map(placeOf));
      for (const ref of refs) if (!known.has(placeOf(ref))) found.push({ ref, prefix, ...(by ? { by } : {}) });
      const kept = before === undefined ? new Set<string>() : new Set(findImages(schema, before).map(imagePlaceOf));
      for (const image of named) if (!kept.has(imagePlaceOf(image))) images.push({ image, prefix });
      const storedPlans = new Map(before === undefined ? [] : findSchedules(schema, before).map((s) => [s.path, s.plan] as const));
      for (const schedule of plans)
        schedules.push({ schedule, prefix, stored: storedPlans.get(schedule.path) as SchedulePlan | undefined });
    }
    const [references, imageProblems, scheduleProblems] = await Promise.all([
      this.judge(guildId, found),
      this.judgeImages(images),
      this.judgeSchedules(guildId, schedules),
    ]);
    return { references, others: [...imageProblems, ...scheduleProblems] };
  }

  /** Each schedule plan's problems (schedule-rules.ts) at the guild's plan's minimum interval, now by the app's clock. */
  private async judgeSchedules(
    guildId: string,
    schedules: readonly { schedule: FoundSchedule; prefix: string; stored?: SchedulePlan }[],
  ): Promise<FieldError[]> {
    if (schedules.length === 0) return [];
    if (!this.premium) throw new Error('GuildReferences needs the premium service to check schedule plans');
    const now = this.premium.now();
    const limit = await this.premium.scheduleInterval(guildId);
    return schedules.flatMap(({ schedule, prefix, stored }) =>
      planProblems(schedule.plan as unknown as SchedulePlan, {
        now,
        minimumMinutes: limit.minutes,
        planName: limit.planName,
        path: `${prefix}${schedule.path}`,
        field: schedule.field,
        ...(stored ? { stored } : {}),
      }),
    );
  }

  /**
   * The images named at or under `pointer` of a stored document, checked again before the bot sends them (an image may
   * have gone from storage since it was saved): 400 at the image's own path with the field's words.
   */
  async assertImagesActable(schema: Schema, doc: unknown, pointer = ''): Promise<void> {
    const under = (image: FoundImage) => image.path === pointer || image.path.startsWith(`${pointer}/`);
    const problems = await this.judgeImages(
      findImages(schema, doc)
        .filter(under)
        .map((image) => ({ image, prefix: '' })),
    );
    if (problems.length) throw ApiError.validation(problems, problems[0]!.message);
  }

  /**
   * Each image that is not stored (`x-image-missing`) or that its field does not take (another type, too large, pixels
   * outside the bounds: the field's x-messages), as field errors. An image is read once however many fields name it.
   */
  private async judgeImages(images: readonly { image: FoundImage; prefix: string }[]): Promise<FieldError[]> {
    if (images.length === 0) return [];
    if (!this.storage) throw new Error('GuildReferences needs the storage port to check images');
    const storage = this.storage;
    const ids = [...new Set(images.map(({ image }) => image.id))];
    const stored = new Map(await Promise.all(ids.map(async (id) => [id, await readImage(storage, id)] as const)));
    const problems: FieldError[] = [];
    for (const { image, prefix } of images) {
      const data = stored.get(image.id);
      const message = data ? imageProblem(image.field, data) : image.field.messages['x-image-missing'];
      if (message) problems.push({ path: `${prefix}${image.path}`, message });
    }
    return problems;
  }

  /**
   * 400 with a field error per reference that is not the guild's, per image that is not stored or does not fit its
   * field and per schedule plan its rules refuse (see check); headed by `error`, or by the first image's or plan's
   * words when no reference is refused.
   */
  async assertOwn(guildId: string, documents: readonly CheckedDocument[], error = REFERENCES_ERROR): Promise<void> {
    const { references, others } = await this.check(guildId, documents);
    if (references.length) throw ApiError.validation([...references, ...others], error);
    if (others.length) throw ApiError.validation(others, error === REFERENCES_ERROR ? others[0]!.message : error);
  }

  /**
   * Before the bot acts on stored ids: every reference at or under `pointer` of the stored `doc` is checked against the
   * guild as it is now (a stored id is never trusted, whenever and by whom it was saved). 400 at `path` when one fails.
   */
  async assertActable(guildId: string, schema: Schema, doc: unknown, pointer: string, path = pointer): Promise<void> {
    const under = (ref: FoundReference) => ref.path === pointer || ref.path.startsWith(`${pointer}/`);
    const problems = await this.judge(
      guildId,
      findReferences(schema, doc)
        .filter(under)
        .map((ref) => ({ ref, prefix: '' })),
    );
    if (problems.length) {
      const message = problems[0]!.message;
      throw ApiError.validation([{ path, message }], message);
    }
  }

  private async judge(guildId: string, found: readonly Found[]): Promise<FieldError[]> {
    if (found.length === 0) return [];
    const ids = await this.guildIds(guildId, found);
    const problems: FieldError[] = [];
    for (const { ref, prefix, by } of found) {
      const message = problemOf(ref, ids) ?? unassignableProblem(ref, ids) ?? aboveCallerProblem(ref, ids, by);
      if (message) problems.push({ path: `${prefix}${ref.path}`, message });
    }
    return problems;
  }

  private async guildIds(guildId: string, found: readonly Found[]): Promise<GuildIds> {
    const refs = found.map((f) => f.ref);
    const wants = (kind: FoundReference['kind']) => refs.some((ref) => ref.kind === kind);
    // The hierarchy is read only for a caller who is not the owner naming a reference that must be below them.
    const ranked = found.filter((f) => f.ref.belowCaller && f.by && !f.by.guildOwner);
    const memberIds = new Set([...refs.filter((ref) => ref.kind === 'member').map((ref) => ref.id), ...ranked.map((f) => f.by!.userId)]);
    try {
      const [channels, roles, members] = await Promise.all([
        wants('channel') ? this.discord.channels(guildId) : undefined,
        wants('role') || ranked.length > 0 ? this.discord.roles(guildId) : undefined,
        Promise.all([...memberIds].map(async (id) => [id, await this.memberRoles(guildId, id)] as const)),
      ]);
      return {
        ...(channels ? { channels: new Map(channels.map((c) => [c.id, c])) } : {}),
        ...(roles ? { roles: new Set(roles.map((r) => r.id)) } : {}),
        ...(roles ? { unassignable: new Set(roles.filter((r) => !assignable(r, guildId)).map((r) => r.id)) } : {}),
        ...(roles ? { positions: positionsOf(roles) } : {}),
        members: new Map(members.filter((entry): entry is readonly [string, readonly string[]] => entry[1] !== null)),
      };
    } catch (err) {
      throw DiscordFailure.from(err).toApiError();
    }
  }

  /** The roles of a member (the bot's Get Guild Member), or null when the id is no member of the guild (Unknown Member). */
  private async memberRoles(guildId: string, userId: string): Promise<readonly string[] | null> {
    try {
      return (await this.discord.member(guildId, userId)).roles;
    } catch (err) {
      const failure = DiscordFailure.from(err);
      if (failure.code === DiscordErrorCode.UnknownMember || failure.code === DiscordErrorCode.UnknownUser) return null;
      throw failure;
    }
  }
}

/** A new reference to judge: where it sits in the request, and who saves it. */
interface Found {
  ref: FoundReference;
  prefix: string;
  by?: Saver;
}

function positionsOf(roles: readonly DiscordRole[]): Map<string, number> {
  return new Map(roles.map((r) => [r.id, r.position]));
}

/** A member's highest role position (0, @everyone's, for a member holding no role). */
function highestPosition(roleIds: readonly string[], positions: Map<string, number>): number {
  return roleIds.reduce((top, id) => Math.max(top, positions.get(id) ?? 0), 0);
}

/**
 * A reference the caller may name only below themselves (`belowCaller`) that is not: a role at or above their highest
 * role, or a member whose highest role is at or above it (Discord's hierarchy, by position). The owner names any.
 */
function aboveCallerProblem(ref: FoundReference, ids: GuildIds, by: Saver | undefined): string | null {
  if (!ref.belowCaller || !by || by.guildOwner) return null;
  const positions = ids.positions!;
  const mine = highestPosition(ids.members!.get(by.userId) ?? [], positions);
  const theirs = ref.kind === 'member' ? highestPosition(ids.members!.get(ref.id) ?? [], positions) : (positions.get(ref.id) ?? 0);
  return theirs < mine ? null : wordsOf(ref, 'aboveCaller');
}

/** An image's place: its path and id. */
const imagePlaceOf = (image: FoundImage) => `${image.path}\u0000${image.id}`;

/** A reference's place: its kind, path and id (a map key's path holds the id already). */
const placeOf = (ref: FoundReference) => `${ref.kind}\u0000${ref.path}\u0000${ref.id}`;

function problemOf(ref: FoundReference, ids: GuildIds): string | null {
  if (ref.kind === 'role') return ids.roles!.has(ref.id) ? null : wordsOf(ref, 'missing');
  if (ref.kind === 'member') return ids.members!.has(ref.id) ? null : wordsOf(ref, 'missing');
  const channel = ids.channels!.get(ref.id);
  if (!channel) return wordsOf(ref, 'missing');
  if (ref.channelTypes && !ref.channelTypes.includes(channel.type)) return wordsOf(ref, 'type');
  return null;
}

/**
 * The schema's words for a refused reference (x-messages `x-reference`, `x-reference-type`, `x-reference-assignable`).
 * The generator refuses a schema without them (scripts/generate/keywords/x-reference.mjs), so the check never makes
 * up words of its own.
 */
function wordsOf(ref: FoundReference, which: keyof FoundReference['messages']): string {
  const words = ref.messages[which];
  if (words === undefined) throw new Error(`The schema gives no x-messages "${MESSAGE_KEYS[which]}" for the ${ref.kind} at ${ref.path}`);
  return words;
}

/** Whether members can be given a role: Discord gives none a managed role (a bot's, boosters') nor @everyone (its id is the guild's). */
export const assignable = (role: { id: string; managed: boolean }, guildId: string): boolean => !role.managed && role.id !== guildId;

/** Each of a reference's words by the x-messages key that gives it. */
const MESSAGE_KEYS: Record<keyof FoundReference['messages'], string> = {
  missing: 'x-reference',
  type: 'x-reference-type',
  assignable: 'x-reference-assignable',
  aboveCaller: 'x-reference-above-caller',
};

/**
 * A role members are given (`x-reference` `assignable`) that no member can be: managed by an integration or @everyone,
 * refused in the schema's x-messages `x-reference-assignable`, which the generator requires beside `assignable`.
 */
function unassignableProblem(ref: FoundReference, ids: GuildIds): string | null {
  if (ref.kind !== 'role' || !ref.assignable || !ids.unassignable!.has(ref.id)) return null;
  return wordsOf(ref, 'assignable');
}
