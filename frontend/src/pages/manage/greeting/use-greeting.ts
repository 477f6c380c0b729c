import type { ErrorSchema } from '@rjsf/utils';
import type { GreetingSettings } from '@guildhall/generated/types';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/client';
import { useSaveSettings, useSettings } from '../../../api/queries';
import { conflictOf } from '../../../form/core/conflict';
import { fieldErrorsToErrorSchema } from '../../../form/core/error-schema';
import type { GreetingKind, GreetingSection } from './greeting-message';

export const KIND_TITLES: Record<GreetingKind, string> = { welcome: 'Welcome', farewell: 'Farewell' };

/** Which part of a greeting a save came from: the General tab (the message) or the Advanced tab (the embed). */
export type SaveScope = 'message' | 'embed';

export interface SaveOutcome {
  ok: boolean;
  message: string;
  detail?: string;
}

export interface Conflict {
  kind: GreetingKind;
  scope: SaveScope;
  version: number;
  settings: GreetingSettings;
}

/**
 * The greeting section as the Welcome page edits it: one draft per greeting (welcome, farewell), each saved on its
 * own ('{Type} settings updated successfully'). A save sends the stored document with only that
 * greeting replaced, at the version it was based on, so the other greeting's unsaved edits are neither sent nor lost.
 */
export function useGreeting(guildId: string) {
  const query = useSettings(guildId, 'greeting');
  const mutation = useSaveSettings(guildId, 'greeting');
  const [drafts, setDrafts] = useState<GreetingSettings | null>(null);
  const [version, setVersion] = useState(0);
  const [serverErrors, setServerErrors] = useState<Partial<Record<GreetingKind, ErrorSchema>>>({});
  const [saving, setSaving] = useState<GreetingKind | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const loaded = useRef(false);

  useEffect(() => {
    if (!query.data || loaded.current) return;
    loaded.current = true;
    setDrafts(structuredClone(query.data.settings));
    setVersion(query.data.version);
  }, [query.data]);

  const setDraft = useCallback((kind: GreetingKind, section: GreetingSection) => {
    setDrafts((d) => (d ? { ...d, [kind]: section } : d));
    setServerErrors((e) => (e[kind] ? { ...e, [kind]: undefined } : e));
  }, []);

  // Save reads the latest state through a ref, so its identity stays stable while people type (the sections are memoised).
  const latest = useRef({ drafts, data: query.data, version, mutation });
  latest.current = { drafts, data: query.data, version, mutation };

  const save = useCallback(
    async (
      kind: GreetingKind,
      scope: SaveScope,
      basedOn?: { version: number; settings: GreetingSettings },
    ): Promise<SaveOutcome | null> => {
      const { drafts, data, version, mutation } = latest.current;
      if (!drafts || !data) return null;
      const stored = basedOn?.settings ?? data.settings;
      const failed = scope === 'embed' ? `Failed to update ${kind} embed settings` : `Failed to update ${kind} settings`;
      setSaving(kind);
      try {
        const saved = await mutation.mutateAsync({ version: basedOn?.version ?? version, settings: { ...stored, [kind]: drafts[kind] } });
        setVersion(saved.version);
        setDrafts((d) => (d ? { ...d, [kind]: saved.settings[kind] } : d));
        setConflict(null);
        return { ok: true, message: `${KIND_TITLES[kind]} settings updated successfully` };
      } catch (err) {
        const collided = conflictOf<GreetingSettings>(err);
        if (collided) {
          setConflict({ kind, scope, ...collided });
          return null;
        }
        if (err instanceof ApiError && err.fieldErrors.length) {
          const mine = err.fieldErrors.filter((e) => e.path.startsWith(`/${kind}/`));
          setServerErrors((e) => ({ ...e, [kind]: fieldErrorsToErrorSchema(mine) }));
        }
        return { ok: false, message: failed, detail: err instanceof Error ? err.message : undefined };
      } finally {
        setSaving(null);
      }
    },
    [],
  );

  /** After a conflict: take what is stored now (this greeting's unsaved edits are dropped, the other's kept). */
  const reloadFromConflict = useCallback(() => {
    if (!conflict) return;
    const { kind, settings } = conflict;
    setDrafts((d) => (d ? { ...d, [kind]: structuredClone(settings[kind]) } : structuredClone(settings)));
    setVersion(conflict.version);
    setConflict(null);
    void query.refetch();
  }, [conflict, query]);

  return {
    query,
    drafts,
    /** What the server keeps (the preview the bot sends uses it). */
    stored: query.data?.settings,
    setDraft,
    save,
    saving,
    serverErrors,
    conflict,
    setConflict,
    reloadFromConflict,
  };
}
