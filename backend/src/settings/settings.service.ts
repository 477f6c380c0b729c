import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { publishedSchemas } from '@guildhall/generated/schemas';
import { sections, type SectionDefinition } from '@guildhall/generated/sections';
import { validateSection } from '@guildhall/generated/validators';
import type { GrantLevel, SectionAccess } from '@guildhall/generated/types';
import { accessOf, assertCapability, assertMayChange, type Caller } from '../guild/access-levels.js';
import { assertMayWrite } from '../guild/section-policies.js';
import { ApiError } from '../http/api-error.js';
import { GuildReferences } from '../references/guild-references.js';
import type { Schema } from '../references/schema-walk.js';
import { deepFreeze } from '../storage/read-cache.js';
import { STORAGE, type ChangeAction, type StoragePort } from '../storage/storage.port.js';

export interface SettingsView {
  section: string;
  version: number;
  settings: Record<string, unknown>;
  /** A section with access levels: the caller's level and capabilities, read from the same stored document. */
  access?: SectionAccess;
  /** A grantee (who does not manage the guild): the level their Dashboard Access grants give this section. */
  grant?: GrantLevel;
}

/**
 * The one settings mechanism: the sections table (schemas/sections.json) names each section's schema
 * and storage key, so adding a section is adding a schema and a row, not code.
 */
@Injectable()
export class SettingsService {
  /**
   * A cached document's settings with their defaults, worked out once: the read cache hands out frozen documents, which
   * never change, so every read of one would validate and copy it to the same result.
   */
  private readonly filled = new WeakMap<object, { def: SectionDefinition; settings: Record<string, unknown> }>();
  private readonly nothingStored = new Map<SectionDefinition, Record<string, unknown>>();

  constructor(
    @Inject(STORAGE) private readonly storage: StoragePort,
    private readonly references: GuildReferences,
  ) {}

  definition(name: string): SectionDefinition {
    const def = Object.prototype.hasOwnProperty.call(sections, name) ? sections[name as keyof typeof sections] : undefined;
    if (!def) throw new ApiError(HttpStatus.NOT_FOUND, `Unknown settings section: ${name}`);
    return def as SectionDefinition;
  }

  /** `caller`: who asks over the API (a section with levels then adds their access); the server's own reads omit it. */
  async read(guildId: string, name: string, caller?: Caller): Promise<SettingsView> {
    const def = this.definition(name);
    const doc = await this.storage.settings.get<Record<string, unknown>>(guildId, def.storageKey);
    const access = def.access && caller ? accessOf(def, caller, doc?.data ?? {}) : undefined;
    if (access) assertCapability(def, access, 'view');
    const view = { section: def.name, version: doc?.version ?? 0, settings: this.filledIn(def, doc?.data ?? this.unsaved(def)) };
    return access ? { ...view, access } : view;
  }

  /** A section never saved: no settings stored, one frozen object per section (so its defaults are worked out once too). */
  private unsaved(def: SectionDefinition): Record<string, unknown> {
    let empty = this.nothingStored.get(def);
    if (!empty) this.nothingStored.set(def, (empty = Object.freeze({})));
    return empty;
  }

  /** withDefaults, once per frozen (cached) document; the answer is frozen too, as it is shared by every read. */
  private filledIn(def: SectionDefinition, data: Record<string, unknown>): Record<string, unknown> {
    if (!Object.isFrozen(data)) return this.withDefaults(def, data);
    const known = this.filled.get(data);
    if (known?.def === def) return known.settings;
    const settings = deepFreeze(this.withDefaults(def, data));
    this.filled.set(data, { def, settings });
    return settings;
  }

  /**
   * Validates, applies the section's access rules, and saves at `version` with the change recorded in the history (in
   * the save's transaction) as the caller's. `as`: a revert records itself as one, naming the entry it undoes.
   */
  async write(
    guildId: string,
    name: string,
    version: number,
    settings: unknown,
    caller: Caller,
    as: { action: ChangeAction; revertOf?: number } = { action: 'save' },
  ): Promise<SettingsView> {
    const def = this.definition(name);
    // The caller's grants and the section's policy, whatever route brought the write here (a revert, an import).
    assertMayWrite(def.policy, def.name, caller);
    const result = validateSection(def.name, settings);
    // Paths point into the body as sent (`{ version, settings }`), like every other 400 of the API.
    if (!result.ok) throw ApiError.validation(result.fieldErrors.map((e) => ({ ...e, path: `/settings${e.path}` })));
    let access: SectionAccess | undefined;
    // The stored document is read only when needed: for access levels, or to tell new channel and role ids from kept ones.
    const readStored = () => this.storage.settings.get<Record<string, unknown>>(guildId, def.storageKey);
    const stored = def.access ? await readStored() : undefined;
    if (def.access) {
      // Access levels: compared with the stored document at the version the save names (another version is a 409
      // below, whoever asks); the caller's level is read from that same document.
      access = accessOf(def, caller, stored?.data ?? {});
      assertCapability(def, access, 'view');
      // Never skip the comparison: a save that names another version than the one judged is a 409 here, even where
      // the database (ahead of a read cached by this instance) would have taken it.
      if ((stored?.version ?? 0) !== version) throw this.conflict(def, stored);
      assertMayChange(def, access, this.withDefaults(def, stored?.data ?? {}), result.value as unknown as Record<string, unknown>);
    }
    // Every channel and role id the schema marks must be this guild's (of the types the field takes); ids kept from the
    // stored document were checked when they were saved.
    const schema = publishedSchemas[def.schemaName] as Schema;
    await this.references.assertOwn(guildId, [
      {
        schema,
        doc: result.value,
        stored: async () => (stored === undefined ? await readStored() : stored)?.data,
        prefix: '/settings',
        by: caller,
      },
    ]);
    const author = { userId: caller.userId, userName: caller.userName, avatar: caller.avatar };
    const put = await this.storage.settings.put(guildId, def.storageKey, result.value, version, { author, ...as });
    if (!put.ok) throw this.conflict(def, put.current);
    const saved = { section: def.name, version: put.document.version, settings: result.value as unknown as Record<string, unknown> };
    // The answer carries the access the new document gives (an owner who whitelisted themself stays owner), and a
    // grantee's grant, as the read's does.
    const grant = caller.grants?.get(def.name);
    if (access) return { ...saved, access: accessOf(def, caller, saved.settings) };
    return grant ? { ...saved, grant } : saved;
  }

  private conflict(def: SectionDefinition, current: { version: number; data: unknown } | null | undefined): ApiError {
    return new ApiError(HttpStatus.CONFLICT, 'These settings were changed elsewhere since you loaded them.', {
      section: def.name,
      version: current?.version ?? 0,
      settings: this.withDefaults(def, (current?.data as Record<string, unknown> | undefined) ?? {}),
    });
  }

  /**
   * Stored documents were valid when saved; defaults fill fields added to the schema since. Should a
   * stored document no longer validate (a tightened schema), it is still shown rather than lost.
   */
  private withDefaults(def: SectionDefinition, data: Record<string, unknown>): Record<string, unknown> {
    const result = validateSection(def.name, data);
    if (result.ok) return result.value as unknown as Record<string, unknown>;
    return { ...(def.defaults as Record<string, unknown>), ...data };
  }
}
