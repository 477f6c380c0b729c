import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { userAvatarUrl } from '@guildhall/common/cdn';
import {
  applyPatch,
  escapePointer,
  changesOf,
  fieldChanges,
  invert,
  type JsonValue,
  type PatchOperation,
  pointerTokens,
  toOperations,
  valueAt,
} from '@guildhall/common/json-patch';
import { schemaLabel } from '@guildhall/common/schema-labels';
import type { GrantLevel } from '@guildhall/common/dashboard-access';
import { collections, type CollectionDefinition } from '@guildhall/generated/collections';
import { publishedSchemas } from '@guildhall/generated/schemas';
import { sections, type SectionDefinition } from '@guildhall/generated/sections';
import type { HistoryItem, HistoryListResponse, HistoryRevertRequest, HistoryRevertResponse } from '@guildhall/generated/types';
import { CollectionsService } from '../collections/collections.service.js';
import type { SessionUser } from '../discord/discord.types.js';
import { accessOf, type Caller } from '../guild/access-levels.js';
import { GuildAccessService, NO_MANAGE } from '../guild/guild-access.service.js';
import { assertMayOn, mayOn } from '../guild/subject-access.js';
import { ApiError } from '../http/api-error.js';
import { SettingsService } from '../settings/settings.service.js';
import {
  HISTORY_RETENTION,
  STORAGE,
  type HistoryEntry,
  type HistoryFilter,
  type HistorySubject,
  type StoragePort,
} from '../storage/storage.port.js';

/** The query of GET /history, validated by the controller. */
export interface HistoryQuery {
  section?: string;
  collection?: string;
  itemId?: string;
  userId?: string;
  before?: number;
  limit: number;
}

const CONFLICT = 'Later changes touched the same fields. Choose what to keep for each.';

/** What an entry is about: a section or a collection of the tables, or a key neither knows (kept, shown by its key). */
type Subject = { kind: 'section'; def: SectionDefinition } | { kind: 'collection'; def: CollectionDefinition } | { kind: 'unknown' };

/** Sections with access levels (AntiNuke): their levels, read from their stored documents, say who sees them. */
const LEVELED = (Object.values(sections) as SectionDefinition[]).filter((def) => def.access);

/** What the caller may do with each subject of the history, and the store's filter that leaves out what they may not read. */
interface Visibility {
  assert: (subject: Subject, need: GrantLevel) => void;
  filter: Pick<HistoryFilter, 'onlySubjects' | 'exceptSubjects'>;
}

const sectionsByKey = new Map(Object.values(sections).map((def) => [def.storageKey, def as SectionDefinition]));
const collectionsByKey = new Map(Object.values(collections).map((def) => [def.storageKey, def as CollectionDefinition]));

/** Every subject of the tables, with how the store names its entries. */
const SUBJECTS: { subject: Subject; stored: HistorySubject }[] = [
  ...[...sectionsByKey.values()].map((def) => ({
    subject: { kind: 'section', def } as const,
    stored: { scope: 'settings', key: def.storageKey } as const,
  })),
  ...[...collectionsByKey.values()].map((def) => ({
    subject: { kind: 'collection', def } as const,
    stored: { scope: 'records', key: def.storageKey } as const,
  })),
];

/**
 * The configuration history of a guild: the timeline (entries the caller may see, each field named by the schema's
 * titles) and revert, which applies the inverse of one entry's patch to the current document and saves the result
 * through the same write as the settings form or the item update, so validation and every access rule apply as they do
 * to a save.
 */
@Injectable()
export class HistoryService {
  constructor(
    @Inject(STORAGE) private readonly storage: StoragePort,
    private readonly settings: SettingsService,
    private readonly collections: CollectionsService,
    private readonly access: GuildAccessService,
  ) {}

  async list(guildId: string, query: HistoryQuery, caller: Caller, user: SessionUser): Promise<HistoryListResponse> {
    const filter: Omit<HistoryFilter, 'limit' | 'before'> = {};
    if (query.section !== undefined) {
      const def = Object.hasOwn(sections, query.section)
        ? (sections[query.section as keyof typeof sections] as SectionDefinition)
        : undefined;
      if (!def)
        throw ApiError.validation(
          [{ path: '/section', message: `Unknown settings section: ${query.section}` }],
          'The history filter is not valid.',
        );
      Object.assign(filter, { scope: 'settings', key: def.storageKey });
    } else if (query.collection !== undefined) {
      const def = Object.hasOwn(collections, query.collection)
        ? (collections[query.collection as keyof typeof collections] as CollectionDefinition)
        : undefined;
      if (!def)
        throw ApiError.validation(
          [{ path: '/collection', message: `Unknown collection: ${query.collection}` }],
          'The history filter is not valid.',
        );
      Object.assign(filter, { scope: 'records', key: def.storageKey, itemId: query.itemId });
    }
    if (query.userId !== undefined) filter.userId = query.userId;

    const visibility = await this.visibility(guildId, caller, user);
    // Filtering by a section the caller may not see is refused as reading it would be.
    if (query.section !== undefined) visibility.assert(this.subjectOf('settings', filter.key!), 'read');
    if (query.collection !== undefined) visibility.assert(this.subjectOf('records', filter.key!), 'read');

    // Entries the caller may not see are left out by the database, so a page is one query however many lie on top.
    const entries = await this.storage.history.list(guildId, {
      ...filter,
      ...visibility.filter,
      ...(query.before !== undefined ? { before: query.before } : {}),
      limit: query.limit,
    });
    const items = await Promise.all(entries.map((entry) => this.item(guildId, entry)));
    const last = entries.at(-1);
    return {
      success: true,
      entries: items,
      nextBefore: entries.length === query.limit && last ? last.id : null,
      retention: HISTORY_RETENTION,
    };
  }

  async revert(
    guildId: string,
    entryId: number,
    body: HistoryRevertRequest,
    caller: Caller,
    user: SessionUser,
  ): Promise<HistoryRevertResponse> {
    const entry = await this.storage.history.get(guildId, entryId);
    if (!entry) throw new ApiError(HttpStatus.NOT_FOUND, 'No such change in this server’s history.');
    const subject = this.subjectOf(entry.scope, entry.key);
    const { assert } = await this.visibility(guildId, caller, user);
    // Seen first (an entry the caller may not read answers as reading it would), then written: a revert is a save.
    assert(subject, 'read');
    assert(subject, 'write');
    const resolutions = body.resolutions ?? {};
    const touched = new Set(changesOf(entry.patch).map((change) => change.path));
    const stray = Object.keys(resolutions).filter((path) => !touched.has(path));
    if (stray.length) {
      const message = 'This change did not touch that field.';
      throw ApiError.validation(
        stray.map((path) => ({ path: `/resolutions/${escapePointer(path)}`, message })),
        'A resolution names a field the change did not touch.',
      );
    }

    if (subject.kind === 'section') {
      const def = subject.def;
      const current = await this.settings.read(guildId, def.name, caller);
      const document = this.applyInverse(def, current.settings, fromDefaults(entry.patch, def.defaults), resolutions);
      const saved = await this.settings.write(guildId, def.name, current.version, document, caller, {
        action: 'revert',
        revertOf: entry.id,
      });
      return {
        success: true,
        entry: await this.newEntry(guildId, 'settings', def.storageKey, null, saved.version),
        version: saved.version,
      };
    }
    if (subject.kind === 'collection' && entry.itemId !== null && (entry.action === 'update' || entry.action === 'revert')) {
      const def = subject.def;
      const current = await this.collections.get(guildId, def.name, entry.itemId).catch(() => null);
      if (!current) throw new ApiError(HttpStatus.BAD_REQUEST, 'This change cannot be reverted: the item no longer exists.');
      // The server's own properties (a deploy's message) are not the user's to revert: the update keeps them anyway.
      const own = entry.patch.filter((op) => !def.serverOwned.includes(pointerTokens(op.path)[0] ?? ''));
      const item = this.applyInverse(def, current.item, own, resolutions);
      const author = { userId: caller.userId, userName: caller.userName, avatar: caller.avatar };
      const saved = await this.collections.update(guildId, def.name, entry.itemId, { version: current.version, item }, author, {
        action: 'revert',
        revertOf: entry.id,
      });
      return {
        success: true,
        entry: await this.newEntry(guildId, 'records', def.storageKey, entry.itemId, saved.version),
        version: saved.version,
      };
    }
    throw new ApiError(HttpStatus.BAD_REQUEST, 'This change cannot be reverted.');
  }

  /** The inverse of `patch` over `document`, or 409 with each conflict named by the schema's titles. */
  private applyInverse(
    def: SectionDefinition | CollectionDefinition,
    document: Record<string, unknown>,
    patch: readonly PatchOperation[],
    resolutions: Record<string, 'keep' | 'apply'>,
  ): Record<string, unknown> {
    const result = applyPatch(document, invert(patch), (conflict) => resolutions[conflict.path]);
    if (result.ok) return result.document as Record<string, unknown>;
    const schema = publishedSchemas[def.schemaName]!;
    throw new ApiError(HttpStatus.CONFLICT, CONFLICT, {
      conflicts: result.conflicts.map((conflict) => ({
        path: conflict.path,
        label: schemaLabel(schema, conflict.path),
        ...defined('expected', conflict.expected),
        ...defined('current', conflict.actual),
        ...defined('reverted', conflict.proposed),
      })),
    });
  }

  /** The entry a revert just recorded: the one of that version (the save and its entry committed together). */
  private async newEntry(guildId: string, scope: HistoryEntry['scope'], key: string, itemId: string | null, version: number) {
    const recent = await this.storage.history.list(guildId, { scope, key, ...(itemId ? { itemId } : {}), limit: 20 });
    const entry = recent.find((candidate) => candidate.version === version && candidate.action === 'revert');
    if (!entry) throw new Error(`the revert's history entry (${key} version ${version}) was not found`);
    return this.item(guildId, entry);
  }

  /**
   * What the caller may do with each subject: a section with access levels as its levels let them view it (read from
   * its stored document, as a GET of it does; a revert's save applies its capabilities), every other section and
   * collection as its policy and the caller's access say (guild/subject-access.ts: a manager everything but Dashboard
   * Access, which only the owner and Administrators hold; a grantee what their grants in force give), and keys no table
   * knows only for managers. Each levelled section's document is read once, all at once; `filter` says the same to the
   * store: a manager sees all but what they may not read, anyone else only what they may.
   */
  private async visibility(guildId: string, caller: Caller, user: SessionUser): Promise<Visibility> {
    const [access, ...stored] = await Promise.all([
      this.access.callerAccess(user, guildId),
      ...LEVELED.map((def) => this.storage.settings.get<Record<string, unknown>>(guildId, def.storageKey)),
    ]);
    const viewable = new Set(
      LEVELED.filter((def, i) => accessOf(def, caller, stored[i]?.data ?? {}).capabilities.view).map((def) => def.name),
    );
    const may = (s: Subject, need: GrantLevel): boolean => {
      if (s.kind === 'unknown') return access.manager;
      if (s.kind === 'section' && s.def.access) return viewable.has(s.def.name);
      return mayOn(access, s.def, need);
    };
    /** 403 when the caller may not, in the words the subject's page would answer. */
    const assert = (s: Subject, need: GrantLevel): void => {
      if (may(s, need)) return;
      // A section with access levels: its own reason, as a GET of it answers (guild/access-levels.ts assertCapability).
      if (s.kind === 'section' && s.def.access) throw new ApiError(HttpStatus.FORBIDDEN, `Access denied: ${s.def.access.none.message}`);
      if (s.kind === 'unknown') throw new ApiError(HttpStatus.FORBIDDEN, NO_MANAGE);
      assertMayOn(access, s.def, need);
    };
    const readable = SUBJECTS.filter((s) => may(s.subject, 'read'));
    const hidden = SUBJECTS.filter((s) => !may(s.subject, 'read'));
    const filter = access.manager ? { exceptSubjects: hidden.map((s) => s.stored) } : { onlySubjects: readable.map((s) => s.stored) };
    return { assert, filter };
  }

  private subjectOf(scope: HistoryEntry['scope'], key: string): Subject {
    const def = scope === 'settings' ? sectionsByKey.get(key) : collectionsByKey.get(key);
    if (!def) return { kind: 'unknown' };
    return scope === 'settings'
      ? { kind: 'section', def: def as SectionDefinition }
      : { kind: 'collection', def: def as CollectionDefinition };
  }

  private async item(guildId: string, entry: HistoryEntry): Promise<HistoryItem> {
    const subject = this.subjectOf(entry.scope, entry.key);
    const schema = subject.kind === 'unknown' ? undefined : publishedSchemas[subject.def.schemaName];
    let revertible = false;
    if (subject.kind === 'section') revertible = entry.patch.length > 0;
    else if (subject.kind === 'collection' && entry.itemId !== null && (entry.action === 'update' || entry.action === 'revert')) {
      // An item update can be reverted while the item exists; its creation and deletion cannot (a revert is a save).
      const stored = await this.storage.records.get(entry.key, entry.itemId);
      revertible = stored !== null && stored.guildId === guildId;
    }
    return {
      id: entry.id,
      section: subject.kind === 'section' ? subject.def.name : null,
      collection: subject.kind === 'collection' ? subject.def.name : null,
      itemId: entry.itemId,
      title: subject.kind === 'unknown' ? entry.key : subject.def.title,
      version: entry.version,
      action: entry.action,
      author: entry.author
        ? {
            userId: entry.author.userId,
            userName: entry.author.userName,
            avatarURL: userAvatarUrl({ id: entry.author.userId, avatar: entry.author.avatar }, 64),
          }
        : null,
      at: entry.at,
      revertOf: entry.revertOf,
      revertible,
      changes: changesOf(subject.kind === 'section' ? fromDefaults(entry.patch, subject.def.defaults) : entry.patch).map((change) => ({
        path: change.path,
        label: schema ? schemaLabel(schema, change.path) : change.path,
        ...defined('before', change.before),
        ...defined('after', change.after),
      })),
    };
  }
}

/**
 * A section's first save is recorded from nothing stored (storage: "insert: from {}"), but what the section showed
 * before it was its defaults: each field the patch adds is read as changed from its default, so the timeline shows
 * the value it replaced and a revert writes the default back (removing it would only bring the default back as well,
 * and then no longer match what the revert expects).
 */
function fromDefaults(patch: readonly PatchOperation[], defaults: unknown): PatchOperation[] {
  return changesOf(patch)
    .flatMap((change) => (change.before === undefined ? fieldChanges(valueAt(defaults, change.path), change.after, change.path) : [change]))
    .flatMap(toOperations);
}

/** `{ [key]: value }`, or nothing for an absent value (JSON has no undefined). */
const defined = (key: string, value: JsonValue | undefined) => (value === undefined ? {} : { [key]: value });
