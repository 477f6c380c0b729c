import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { fieldChanges } from '@guildhall/common/json-patch';
import { schemaLabel } from '@guildhall/common/schema-labels';
import { collections, type CollectionDefinition } from '@guildhall/generated/collections';
import { validateSection } from '@guildhall/generated/validators';
import { publishedSchemas } from '@guildhall/generated/schemas';
import { sections, type SectionDefinition } from '@guildhall/generated/sections';
import { fillRefusal, refusals } from '@guildhall/generated/refusals';
import type {
  ClonedItemPreview,
  FieldError,
  GuildCloneRequest,
  GuildCloneResponse,
  GuildExport,
  GuildImportRequest,
  GuildImportResponse,
  TransferSectionPreview,
} from '@guildhall/generated/types';
import { CollectionsService } from '../collections/collections.service.js';
import { DiscordService } from '../discord/discord.service.js';
import type { SessionUser, UserGuild } from '../discord/discord.types.js';
import { accessOf, assertCapability, assertMayChange, type Caller } from '../guild/access-levels.js';
import { GuildAccessService, NO_MANAGE } from '../guild/guild-access.service.js';
import { assertMayOn, mayOn, type SubjectAccessOf } from '../guild/subject-access.js';
import { authorOf } from '../guild/caller.js';
import { ApiError } from '../http/api-error.js';
import { SettingsService, type SettingsView } from '../settings/settings.service.js';
import { type ChangeNote, type SettingsWrite, STORAGE, type StoragePort } from '../storage/storage.port.js';
import { GuildReferences } from '../references/guild-references.js';
import { applyMapping, type Mapped } from '../references/mapping.js';
import { findReferences, type FoundReference, type Schema } from '../references/schema-walk.js';

const EXPORT_SCHEMA = 'https://guildhall.dev/schemas/api/guild-export.json';

type Doc = Record<string, unknown>;
interface Planned {
  def: SectionDefinition;
  current: SettingsView;
  next: Doc;
  /** Why the section is left as it is (an import the caller's access level does not allow there). */
  skipped?: string;
}

const sectionDef = (name: string): SectionDefinition | undefined =>
  Object.hasOwn(sections, name) ? (sections[name as keyof typeof sections] as SectionDefinition) : undefined;
const schemaOf = (def: SectionDefinition): Schema => publishedSchemas[def.schemaName] as Schema;
const itemSchemaOf = (def: CollectionDefinition): Schema => publishedSchemas[def.schemaName] as Schema;

/** An item of the source guild a clone copies: where it is named (/<collection>/<index>), its data and its references. */
interface ItemCopy {
  def: CollectionDefinition;
  sourceId: string;
  prefix: string;
  doc: Doc;
  refs: FoundReference[];
}

/**
 * Export, import and clone of a guild's settings, every section from the table with no per-section code: an import or
 * a clone is validated whole, judged by each section's access rules like a save, then written in one transaction
 * (`settings.putMany`, each section with its history entry) or not at all.
 */
@Injectable()
export class TransferService {
  constructor(
    @Inject(STORAGE) private readonly storage: StoragePort,
    private readonly settings: SettingsService,
    private readonly access: GuildAccessService,
    private readonly discord: DiscordService,
    private readonly references: GuildReferences,
    private readonly collections: CollectionsService,
  ) {}

  /**
   * Every section the caller may read (defaults filled), and the items of every collection they may read: a manager
   * all but AntiNuke when its levels do not let them view it (and Dashboard Access unless owner or Administrator), a
   * grantee what their grants in force let them read.
   */
  async export(guild: UserGuild, caller: Caller, user: SessionUser): Promise<GuildExport> {
    const access = await this.access.callerAccess(user, guild.id);
    const out: GuildExport = {
      $schema: EXPORT_SCHEMA,
      exportedAt: new Date().toISOString(),
      guild: { id: guild.id, name: guild.name.slice(0, 100) },
      schemaVersions: {},
      sections: {},
      collections: {},
    };
    for (const def of Object.values(sections as Record<string, SectionDefinition>)) {
      if (!def.access && !mayOn(access, def, 'read')) continue;
      const view = await this.settings.read(guild.id, def.name);
      // A section with access levels only for a caller whose level may view it (its page would answer 403).
      if (def.access && !accessOf(def, caller, view.settings).capabilities.view) continue;
      (out.sections as Record<string, unknown>)[def.name] = view.settings;
      (out.schemaVersions as Record<string, string>)[def.name] = def.schemaVersion;
    }
    for (const def of Object.values(collections as Record<string, CollectionDefinition>)) {
      if (!mayOn(access, def, 'read')) continue;
      const records = await this.storage.records.list<Doc>(def.storageKey, { guildId: guild.id, limit: def.itemCap });
      (out.collections as Record<string, unknown>)[def.name] = records.map((record) => record.data);
    }
    return out;
  }

  /**
   * The document was validated whole by the route (400 with /document/sections/<section>/... paths). A section the
   * caller's access level may not change as the file says (AntiNuke for a whitelisted manager) is skipped and reported,
   * so a manager can import the export they downloaded; so is a section the caller's grants do not let them write (a
   * grantee's import writes what they may write), its preview without the fields of a section they may not read. The
   * others are written together or not at all.
   */
  async import(guildId: string, body: GuildImportRequest, caller: Caller, user: SessionUser): Promise<GuildImportResponse> {
    const document = body.document;
    const access = await this.access.callerAccess(user, guildId);
    const planned: Planned[] = [];
    for (const [name, settings] of Object.entries(document.sections ?? {})) {
      const def = sectionDef(name)!;
      const current = await this.settings.read(guildId, name);
      planned.push({ def, current, next: settings as unknown as Doc });
    }
    for (const p of planned) p.skipped = this.refusal(p, caller, access);
    const fieldErrors = await this.references.problems(
      guildId,
      planned
        .filter((p) => !p.skipped)
        // `by`: a reference the caller may name only below themselves (a grant's role or member) is judged as a save's.
        .map((p) => ({
          schema: schemaOf(p.def),
          doc: p.next,
          stored: p.current.settings,
          prefix: `/document/sections/${p.def.name}`,
          by: caller,
        })),
    );
    if (fieldErrors.length) throw ApiError.validation(fieldErrors, 'The file names channels or roles that are not in this server.');
    const versions = (document.schemaVersions ?? {}) as Record<string, string | undefined>;
    const preview = planned.map((p) => this.preview(p, versions[p.def.name], this.mayRead(p.def, caller, access, p.current)));
    if (body.dryRun) return { success: true, preview };
    const written = planned.filter((p) => !p.skipped);
    await this.write(guildId, written, { author: authorOf(user), action: 'import' });
    return { success: true, sections: written.map((p) => p.def.name), preview };
  }

  async clone(source: UserGuild, body: GuildCloneRequest, sourceCaller: Caller, user: SessionUser): Promise<GuildCloneResponse> {
    const fieldErrors: FieldError[] = [];
    // The schema wants one of them (sections, or without them items).
    const { sections: sectionNames = [], items: itemRefs = [] } = body;
    sectionNames.forEach((name, i) => {
      if (!sectionDef(name)) fieldErrors.push({ path: `/sections/${i}`, message: `Unknown settings section: ${name}` });
    });
    const named = new Set<string>();
    itemRefs.forEach(({ collection, id }, i) => {
      const key = `${collection}/${id}`;
      if (named.has(key)) fieldErrors.push({ path: `/items/${i}`, message: refusals.cloneItemTwice });
      named.add(key);
    });
    if (fieldErrors.length) throw ApiError.validation(fieldErrors, 'The clone request is not valid.');
    // Read on what is copied from the source, write on where it goes in the target (a grantee: as their grants say there).
    const sourceAccess = await this.access.callerAccess(user, source.id);
    for (const name of sectionNames) this.assertMay(sourceAccess, sectionDef(name)!, 'read');
    for (const { collection } of itemRefs) this.assertMay(sourceAccess, this.collections.definition(collection), 'read');
    const targetAccess = await this.access.callerAccess(user, body.targetGuildId);
    if (!targetAccess.manager && targetAccess.levels.size === 0) throw new ApiError(HttpStatus.FORBIDDEN, NO_MANAGE);
    const target = targetAccess.guild;
    if (target.id === source.id) {
      throw ApiError.validation(
        [{ path: '/targetGuildId', message: 'Choose another server than the one copied from' }],
        'The clone request is not valid.',
      );
    }
    const targetCaller: Caller = { ...authorOf(user), guildOwner: Boolean(target.owner) };
    for (const name of sectionNames) this.assertMay(targetAccess, sectionDef(name)!, 'write');
    for (const { collection } of itemRefs) this.assertMay(targetAccess, this.collections.definition(collection), 'write');

    // The source sections, read as their pages would show them to this user (a section they may not view: 403).
    const read: { def: SectionDefinition; doc: Doc; refs: FoundReference[] }[] = [];
    for (const name of sectionNames) {
      const def = sectionDef(name)!;
      const doc = (await this.settings.read(source.id, name, sourceCaller)).settings;
      read.push({ def, doc, refs: findReferences(schemaOf(def), doc) });
    }
    // The source items, through the collections engine (another guild's id is not found, as an unknown one). Each is
    // named /<collection>/<index among the request's items of its collection> in unmapped paths and field errors.
    const items: ItemCopy[] = [];
    const counts = new Map<string, number>();
    for (const [i, { collection, id }] of itemRefs.entries()) {
      const def = this.collections.definition(collection);
      const entry = await this.collections.get(source.id, collection, id).catch((err: unknown) => {
        if (err instanceof ApiError && err.getStatus() === HttpStatus.NOT_FOUND) return null;
        throw err;
      });
      if (!entry) {
        fieldErrors.push({ path: `/items/${i}/id`, message: fillRefusal(refusals.cloneItemNotFound, { collection: def.title }) });
        continue;
      }
      const index = counts.get(collection) ?? 0;
      counts.set(collection, index + 1);
      items.push({
        def,
        sourceId: id,
        prefix: `/${collection}/${index}`,
        doc: entry.item,
        refs: findReferences(itemSchemaOf(def), entry.item),
      });
    }
    if (fieldErrors.length) throw ApiError.validation(fieldErrors, 'The clone request is not valid.');

    const refs = [
      ...read.flatMap((r) => r.refs.map((ref) => ({ ...ref, prefix: `/${r.def.name}` }))),
      ...items.flatMap((c) => c.refs.map((ref) => ({ ...ref, prefix: c.prefix }))),
    ];
    const [targetChannels, targetRoles] = refs.length
      ? await Promise.all([this.discord.channels(target.id), this.discord.roles(target.id)])
      : [[], []];
    const exists = { channel: new Set(targetChannels.map((c) => c.id)), role: new Set(targetRoles.map((r) => r.id)) };
    const mapping = {
      channel: (body.mapping?.channels ?? {}) as Record<string, Mapped>,
      role: (body.mapping?.roles ?? {}) as Record<string, Mapped>,
    };
    // A mapping must name a channel or role of the target (or null).
    for (const kind of ['channel', 'role'] as const) {
      for (const [from, to] of Object.entries(mapping[kind])) {
        if (to !== null && !exists[kind].has(to)) {
          fieldErrors.push({ path: `/mapping/${kind}s/${from}`, message: `Not a ${kind} of the target server` });
        }
      }
    }
    if (fieldErrors.length) throw ApiError.validation(fieldErrors, 'The mapping names ids the target server does not have.');

    const mappedOf = (ref: FoundReference): Mapped | undefined => {
      // A member is not mapped: the target's reference check asks Discord whether they are its member.
      if (ref.kind === 'member') return undefined;
      if (Object.hasOwn(mapping[ref.kind], ref.id)) return mapping[ref.kind][ref.id];
      if (exists[ref.kind].has(ref.id)) return undefined;
      // @everyone is the guild's own id: the target's @everyone.
      if (ref.kind === 'role' && ref.id === source.id) return target.id;
      return undefined;
    };
    const unmappedRefs = refs.filter((ref) => ref.kind !== 'member' && mappedOf(ref) === undefined && !exists[ref.kind].has(ref.id));
    const unmapped: GuildCloneResponse['unmapped'] = { channels: [], roles: [] };
    if (unmappedRefs.length) {
      const [channels, roles] = await Promise.all([this.discord.channels(source.id), this.discord.roles(source.id)]);
      const names = new Map<string, string>([
        ...channels.map((c) => [c.id, c.name ?? ''] as const),
        ...roles.map((r) => [r.id, r.name] as const),
      ]);
      for (const kind of ['channel', 'role'] as const) {
        const byId = new Map<string, string[]>();
        for (const ref of unmappedRefs.filter((r) => r.kind === kind))
          byId.set(ref.id, [...(byId.get(ref.id) ?? []), `${ref.prefix}${ref.path}`]);
        unmapped[kind === 'channel' ? 'channels' : 'roles'] = [...byId].map(([id, paths]) => ({ id, name: names.get(id) ?? null, paths }));
      }
    }

    const planned: Planned[] = [];
    for (const { def, doc, refs: found } of read) {
      const next = applyMapping(schemaOf(def), doc, found, mappedOf);
      const result = validateSection(def.name, next);
      if (!result.ok) fieldErrors.push(...result.fieldErrors.map((e) => ({ ...e, path: `/${def.name}${e.path}` })));
      else planned.push({ def, current: await this.settings.read(target.id, def.name), next: result.value as unknown as Doc });
    }
    // Each item a new item of the target: server-owned fields afresh, checked with the item schema (collections engine).
    const copies: { copy: ItemCopy; item: Doc }[] = [];
    for (const copy of items) {
      const result = this.collections.copyOf(copy.def.name, applyMapping(itemSchemaOf(copy.def), copy.doc, copy.refs, mappedOf));
      if (!result.ok) fieldErrors.push(...result.fieldErrors.map((e) => ({ ...e, path: `${copy.prefix}${e.path}` })));
      else copies.push({ copy, item: result.item });
    }
    if (fieldErrors.length) throw ApiError.validation(fieldErrors, 'The copied settings would not be valid in the target server.');
    this.assertAllowed(planned, targetCaller);
    // The target's item caps, plan limits and premium features, as a create there would meet them, before any write.
    for (const [collection, adding] of counts) await this.collections.assertRoom(target.id, collection, adding);
    // Ids the target lacks are listed (unmapped) for the user to map; what is there must also be of the right type.
    if (unmappedRefs.length === 0) {
      const documents = [
        ...planned.map((p) => ({
          schema: schemaOf(p.def),
          doc: p.next,
          stored: p.current.settings,
          prefix: `/${p.def.name}`,
          by: targetCaller,
        })),
        ...copies.map(({ copy, item }) => ({ schema: itemSchemaOf(copy.def), doc: item, prefix: copy.prefix })),
      ];
      fieldErrors.push(...(await this.references.problems(target.id, documents)));
      if (fieldErrors.length)
        throw ApiError.validation(fieldErrors, 'The copied settings name channels or roles the target server cannot take.');
    }
    const preview = planned.map((p) => this.preview(p));
    const created: ClonedItemPreview[] = copies.map(({ copy, item }) => ({
      collection: copy.def.name,
      collectionTitle: copy.def.title,
      sourceId: copy.sourceId,
      title: String(item[copy.def.duplicate.titleProperty] ?? ''),
    }));
    const applied = !body.dryRun && unmappedRefs.length === 0;
    if (applied) {
      const author = authorOf(user);
      await this.write(target.id, planned, { author, action: 'clone' });
      // Not one transaction with the sections: each item is its own capped insert (with its history entry). The caps
      // were checked above, so only a create racing in the target between that check and these inserts can refuse
      // one; the sections and the items inserted before it then stay written.
      for (const [i, { copy, item }] of copies.entries()) {
        created[i]!.id = (await this.collections.insertCopy(target.id, copy.def.name, item, author, 'clone')).id;
      }
    }
    return { success: true, applied, unmapped, preview, items: created };
  }

  /**
   * A section or collection of a policy grants open (every one but those with access levels, which their levels judge
   * below): 403 unless the caller's access there allows `need`, in the words its page would answer.
   */
  private assertMay(access: SubjectAccessOf, def: SectionDefinition | CollectionDefinition, need: 'read' | 'write'): void {
    if ('access' in def && def.access) return;
    assertMayOn(access, def, need);
  }

  /** Whether the caller may read the section as it is stored (a preview shows its fields only then). */
  private mayRead(def: SectionDefinition, caller: Caller, access: SubjectAccessOf, current: SettingsView): boolean {
    return def.access ? accessOf(def, caller, current.settings).capabilities.view : mayOn(access, def, 'read');
  }

  /** A section with access levels follows its rules as a save would: a change the caller's level lacks is a 403. */
  private assertAllowed(planned: readonly Planned[], caller: Caller): void {
    for (const { def, current, next } of planned) {
      if (!def.access) continue;
      const access = accessOf(def, caller, current.settings);
      assertCapability(def, access, 'view');
      assertMayChange(def, access, current.settings, next);
    }
  }

  /** Why the caller may not write this section as planned (the 403 a save would answer), or undefined when they may. */
  private refusal(planned: Planned, caller: Caller, access: SubjectAccessOf): string | undefined {
    try {
      this.assertMay(access, planned.def, 'write');
      this.assertAllowed([planned], caller);
      return undefined;
    } catch (err) {
      if (err instanceof ApiError && err.getStatus() === HttpStatus.FORBIDDEN) return (err.getResponse() as { error: string }).error;
      throw err;
    }
  }

  /** `readable`: false for a section the caller may not read, whose stored values the preview must not show. */
  private preview({ def, current, next, skipped }: Planned, exportedVersion?: string, readable = true): TransferSectionPreview {
    const schema = schemaOf(def);
    const changes = readable
      ? fieldChanges(current.settings, next).map((change) => ({ ...change, label: schemaLabel(schema, change.path) }))
      : [];
    const row: TransferSectionPreview = { section: def.name, title: def.title, changes };
    if (skipped) row.skipped = skipped;
    if (exportedVersion !== undefined) row.schemaVersionChanged = exportedVersion !== def.schemaVersion;
    return row;
  }

  /** All sections or none: one transaction, each section at the version it was read at (a change since: 409). */
  private async write(guildId: string, planned: readonly Planned[], change: ChangeNote): Promise<void> {
    const writes: SettingsWrite[] = planned.map((p) => ({ section: p.def.storageKey, data: p.next, expectedVersion: p.current.version }));
    if (writes.length === 0) return;
    const result = await this.storage.settings.putMany(guildId, writes, change);
    if (!result.ok) {
      const def = planned.find((p) => p.def.storageKey === result.section)?.def;
      throw new ApiError(HttpStatus.CONFLICT, 'These settings were changed elsewhere since you loaded them.', {
        section: def?.name ?? result.section,
      });
    }
  }
}
