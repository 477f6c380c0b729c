import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { collections, type CollectionDefinition } from '@guildhall/generated/collections';
import { validateWith } from '@guildhall/generated/field-errors';
import type { FieldError } from '@guildhall/generated/types';
import { publishedSchemas } from '@guildhall/generated/schemas';
import { validatorsById } from '@guildhall/generated/validators';
import { ApiError } from '../http/api-error.js';
import { GuildReferences } from '../references/guild-references.js';
import type { Schema } from '../references/schema-walk.js';
import { planLimitMessage } from '@guildhall/common/premium';
import type { PlanLimitStatus } from '@guildhall/generated/types';
import { PremiumService } from '../payments/premium.service.js';
import {
  MAX_SETTINGS_VERSION,
  STORAGE,
  type ChangeAction,
  type ChangeAuthor,
  type ChangeNote,
  type StoragePort,
  type StoredRecord,
} from '../storage/storage.port.js';

type Item = Record<string, unknown>;

/** How many items a guild may hold in a collection, and the plan's status when the plan's limit is the lower. */
interface CollectionLimit {
  cap: number;
  byPlan: PlanLimitStatus | null;
}

/** One item as the API answers it. */
export interface CollectionEntry {
  id: string;
  version: number;
  item: Item;
}

/**
 * The one collections mechanism: the sections table's `collections` (schemas/sections.json) name each collection's item
 * schema, records collection, item cap and duplicate rule, so adding a collection is adding a schema and a row. Items
 * are records of the storage port, scoped by guild: another guild's item id is a 404, never its data. The schema's
 * readOnly properties are the server's (a client's values are ignored); `deployed` follows `message_id`.
 */
@Injectable()
export class CollectionsService {
  constructor(
    @Inject(STORAGE) private readonly storage: StoragePort,
    private readonly premium: PremiumService,
    private readonly references: GuildReferences,
  ) {}

  definition(name: string): CollectionDefinition {
    const def = Object.hasOwn(collections, name) ? collections[name as keyof typeof collections] : undefined;
    if (!def) throw new ApiError(HttpStatus.NOT_FOUND, `Unknown collection: ${name}`);
    return def as CollectionDefinition;
  }

  /** The items, the item cap, and what the row's plan rules say: the plan's limit (`planLimit`), whether it is unlocked (`premium`). */
  async list(
    guildId: string,
    name: string,
  ): Promise<{ items: CollectionEntry[]; cap: number; planLimit?: PlanLimitStatus; premium?: boolean }> {
    const def = this.definition(name);
    const records = await this.storage.records.list<Item>(def.storageKey, { guildId });
    return {
      items: records.map((record) => this.entry(def, record)),
      cap: def.itemCap,
      ...(def.planLimit ? { planLimit: await this.premium.limit(guildId, def.planLimit) } : {}),
      ...(def.premiumFeature ? { premium: await this.premium.active(guildId) } : {}),
    };
  }

  async get(guildId: string, name: string, id: string): Promise<CollectionEntry> {
    const def = this.definition(name);
    return this.entry(def, await this.find(def, guildId, id));
  }

  async create(guildId: string, name: string, body: unknown, author: ChangeAuthor): Promise<CollectionEntry> {
    const def = this.definition(name);
    await this.assertUnlocked(def, guildId);
    const item = this.validBody(def, body, false).item;
    await this.assertOwnReferences(def, guildId, item);
    return this.insert(def, guildId, { ...item, ...this.fresh(def) }, author);
  }

  /** `as`: a revert records itself as one, naming the history entry it undoes (history.service.ts). */
  async update(
    guildId: string,
    name: string,
    id: string,
    body: unknown,
    author: ChangeAuthor,
    as: { action: ChangeAction; revertOf?: number } = { action: 'update' },
  ): Promise<CollectionEntry> {
    const def = this.definition(name);
    await this.assertUnlocked(def, guildId);
    const { version, item } = this.validBody(def, body, true);
    const stored = await this.find(def, guildId, id);
    await this.assertOwnReferences(def, guildId, item, stored.data);
    // The server-owned properties keep their stored values, whatever the client sent; updated_at is this save's time.
    const owned = Object.fromEntries(
      def.serverOwned.map((key) => [key, key === 'updated_at' ? new Date().toISOString() : stored.data[key]]),
    );
    const change: ChangeNote = { author, ...as };
    const result = await this.storage.records.replace<Item>(def.storageKey, id, this.derive({ ...item, ...owned }), version!, change);
    if (!result.ok) {
      if (!result.current || result.current.guildId !== guildId) throw this.notFound(def);
      throw new ApiError(HttpStatus.CONFLICT, 'This item was changed elsewhere since you loaded it.', {
        ...this.entry(def, result.current),
      });
    }
    return this.entry(def, result.record);
  }

  /**
   * The server's own write to an item (a deploy's message_id and the channel it went to): `changes` go over the item
   * as stored now, at its version, so an edit saved meanwhile is kept; should one land between the read and the write,
   * the write is tried again over it. Only the server calls this: its changes are not a client's body. It is recorded
   * as an update by the user whose action it follows (the deploy's), since they caused it.
   */
  async updateOwned(guildId: string, name: string, id: string, changes: Item, author: ChangeAuthor): Promise<CollectionEntry> {
    const def = this.definition(name);
    for (let attempt = 0; ; attempt++) {
      const stored = await this.find(def, guildId, id);
      const result = await this.storage.records.replace<Item>(
        def.storageKey,
        id,
        this.derive({ ...stored.data, ...changes }),
        stored.version,
        { author, action: 'update' },
      );
      if (result.ok) return this.entry(def, result.record);
      if (!result.current || result.current.guildId !== guildId) throw this.notFound(def);
      if (attempt >= 4)
        throw new ApiError(HttpStatus.CONFLICT, 'This item is being changed elsewhere; try again.', {
          ...this.entry(def, result.current),
        });
    }
  }

  async remove(guildId: string, name: string, id: string, author: ChangeAuthor): Promise<void> {
    const def = this.definition(name);
    await this.find(def, guildId, id);
    if (!(await this.storage.records.delete(def.storageKey, id, { author, action: 'delete' }))) throw this.notFound(def);
  }

  /** A copy: a new id and version 1, the title from the row's template, the server-owned properties afresh. */
  async duplicate(guildId: string, name: string, id: string, author: ChangeAuthor): Promise<CollectionEntry> {
    const def = this.definition(name);
    await this.assertUnlocked(def, guildId);
    const original = itemWithDefaults(def, (await this.find(def, guildId, id)).data);
    const { titleProperty, title } = def.duplicate;
    const copyTitle = title.replaceAll('{title}', String(original[titleProperty] ?? ''));
    const item = { ...original, [titleProperty]: copyTitle, ...this.fresh(def) };
    // A title near its bound could outgrow it: the copy must still be a valid item.
    const result = validateWith(validatorsById[def.schemaId]!, item);
    if (!result.ok) throw ApiError.validation(prefixed(result.fieldErrors, '/item'), 'The copy would not be a valid item.');
    // The copy keeps the original's ids, which were checked when it was saved.
    await this.assertOwnReferences(def, guildId, result.value as Item, original);
    return this.insert(def, guildId, result.value as Item, author);
  }

  /**
   * Another guild's item as a new item of this one (a clone): the source's server-owned properties dropped and set
   * afresh (not deployed here), then validated with the item schema. Field paths are the item's own (/title).
   */
  copyOf(name: string, data: Item): { ok: true; item: Item } | { ok: false; fieldErrors: FieldError[] } {
    const def = this.definition(name);
    const own = Object.fromEntries(Object.entries(data).filter(([key]) => !def.serverOwned.includes(key)));
    const result = validateWith(validatorsById[def.schemaId]!, { ...own, ...this.fresh(def) });
    return result.ok ? { ok: true, item: result.value as Item } : { ok: false, fieldErrors: result.fieldErrors };
  }

  /**
   * Whether `adding` new items fit, by the rules a create follows (premium feature, plan limit 403, item cap 409), so a
   * clone refuses before it writes anything. Each insert still counts under the lock (`insertCopy`).
   */
  async assertRoom(guildId: string, name: string, adding: number): Promise<void> {
    const def = this.definition(name);
    await this.assertUnlocked(def, guildId);
    const limit = await this.limitOf(def, guildId);
    if ((await this.storage.records.count(def.storageKey, { guildId })) + adding > limit.cap) throw this.full(def, limit);
  }

  /** An item made by `copyOf` inserted under the cap and plan limit, recorded in the history as `action` (a clone). */
  async insertCopy(guildId: string, name: string, item: Item, author: ChangeAuthor, action: ChangeAction): Promise<CollectionEntry> {
    const def = this.definition(name);
    await this.assertUnlocked(def, guildId);
    return this.insert(def, guildId, item, author, action);
  }

  /** The item's channel and role ids are this guild's (ids kept from `stored` were checked when saved): else 400 at /item/... */
  private assertOwnReferences(def: CollectionDefinition, guildId: string, item: Item, stored?: Item): Promise<void> {
    const schema = publishedSchemas[def.schemaName] as Schema;
    return this.references.assertOwn(guildId, [{ schema, doc: item, stored, prefix: '/item' }], `${def.title}: the item is not valid.`);
  }

  /** A premium feature's items are created and changed only with a paid plan in force (listing, reading and delete stay open). */
  private async assertUnlocked(def: CollectionDefinition, guildId: string): Promise<void> {
    if (def.premiumFeature) await this.premium.assertFeature(guildId, def.premiumFeature);
  }

  /**
   * A new item (created or duplicated: both are a 'create' in the history), under the lower of the item cap and the
   * guild's plan limit. Reaching the plan's limit is a 403 that names the plan which allows more (the page offers the
   * upgrade); reaching the item cap stays a 409.
   */
  private async insert(
    def: CollectionDefinition,
    guildId: string,
    item: Item,
    author: ChangeAuthor,
    action: ChangeAction = 'create',
  ): Promise<CollectionEntry> {
    const limit = await this.limitOf(def, guildId);
    const record = await this.storage.records.insertCapped<Item>(def.storageKey, { guildId, data: this.derive(item) }, limit.cap, {
      author,
      action,
    });
    if (!record) throw this.full(def, limit);
    return this.entry(def, record);
  }

  /** The lower of the item cap and the guild's plan limit for the row (`byPlan` when the plan's is the lower). */
  private async limitOf(def: CollectionDefinition, guildId: string): Promise<CollectionLimit> {
    const status = def.planLimit ? await this.premium.limit(guildId, def.planLimit) : null;
    if (status !== null && status.max !== null && status.max < def.itemCap) return { cap: status.max, byPlan: status };
    return { cap: def.itemCap, byPlan: null };
  }

  /** The refusal at the limit: the plan's (403, naming the plan that allows more) or the item cap's (409). */
  private full(def: CollectionDefinition, limit: CollectionLimit): ApiError {
    if (limit.byPlan) {
      return new ApiError(HttpStatus.FORBIDDEN, planLimitMessage(limit.byPlan, def.title.toLowerCase()), { planLimit: limit.byPlan });
    }
    return new ApiError(HttpStatus.CONFLICT, `This server already has the most ${def.title.toLowerCase()} allowed (${def.itemCap}).`, {
      cap: def.itemCap,
    });
  }

  /** The guild's item, or 404 (an unknown id and another guild's id answer the same). */
  private async find(def: CollectionDefinition, guildId: string, id: string): Promise<StoredRecord<Item>> {
    const record = await this.storage.records.get<Item>(def.storageKey, id);
    if (!record || record.guildId !== guildId) throw this.notFound(def);
    return record;
  }

  private notFound(def: CollectionDefinition): ApiError {
    return new ApiError(HttpStatus.NOT_FOUND, `${def.title}: no such item in this server.`);
  }

  /**
   * `{ item }` (create) or `{ version, item }` (update). Field paths point into the body as sent (/item/title, /version).
   * The server-owned properties of the item are dropped before validation: ignored, whatever their value.
   */
  private validBody(def: CollectionDefinition, body: unknown, versioned: boolean): { version?: number; item: Item } {
    const errors: FieldError[] = [];
    // A missing body is an empty object (as SchemaBody reads it), so its required fields are named.
    const sent = body ?? {};
    const envelope = isObject(sent) ? sent : {};
    if (!isObject(sent)) errors.push({ path: '', message: 'Must be an object' });
    for (const key of Object.keys(envelope)) {
      if (key !== 'item' && !(versioned && key === 'version'))
        errors.push({ path: `/${escapeToken(key)}`, message: `Unknown field: ${key}` });
    }
    const version = envelope.version;
    if (versioned) {
      if (version === undefined) errors.push({ path: '/version', message: 'version is required' });
      else if (typeof version !== 'number' || !Number.isInteger(version))
        errors.push({ path: '/version', message: 'Must be a whole number' });
      else if (version < 1 || version >= MAX_SETTINGS_VERSION)
        errors.push({ path: '/version', message: `Must be between 1 and ${MAX_SETTINGS_VERSION - 1}` });
    }
    let item: Item = {};
    if (envelope.item === undefined) errors.push({ path: '/item', message: 'item is required' });
    else if (!isObject(envelope.item)) errors.push({ path: '/item', message: 'Must be an object' });
    else {
      const own = Object.fromEntries(Object.entries(envelope.item).filter(([key]) => !def.serverOwned.includes(key)));
      const result = validateWith(validatorsById[def.schemaId]!, own);
      if (result.ok) item = result.value as Item;
      else errors.push(...prefixed(result.fieldErrors, '/item'));
    }
    if (errors.length) throw ApiError.validation(errors, `${def.title}: the item is not valid.`);
    return { version: version as number | undefined, item };
  }

  /** The server-owned values of a new item: none deployed, created and updated now. */
  private fresh(def: CollectionDefinition): Item {
    const now = new Date().toISOString();
    const values: Item = { message_id: null, deployed: false, created_at: now, updated_at: now };
    return Object.fromEntries(def.serverOwned.map((key) => [key, values[key] ?? null]));
  }

  /** `deployed` is derived from `message_id`, never taken from anyone. */
  private derive(item: Item): Item {
    return 'deployed' in item || 'message_id' in item ? { ...item, deployed: item.message_id != null } : item;
  }

  private entry(def: CollectionDefinition, record: StoredRecord<Item>): CollectionEntry {
    return { id: record.id, version: record.version, item: this.derive(itemWithDefaults(def, record.data)) };
  }
}

/**
 * An item with its schema's defaults: they fill properties added to the schema since it was saved; an item that no longer
 * validates is still shown. What the collections API answers, and what the features acting on items read.
 */
export function itemWithDefaults(def: CollectionDefinition, data: Item): Item {
  const result = validateWith(validatorsById[def.schemaId]!, data);
  return result.ok ? (result.value as Item) : { ...(def.defaults as Item), ...data };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const escapeToken = (token: string): string => token.replace(/~/g, '~0').replace(/\//g, '~1');
const prefixed = (errors: FieldError[], prefix: string): FieldError[] => errors.map((e) => ({ ...e, path: `${prefix}${e.path}` }));
