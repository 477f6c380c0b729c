import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiFile } from './client';

// Export, import and clone of a guild's settings (issue 14). Not in the generated client yet: typed here from the
// issue's contract and called through the one fetch wrapper (CSRF included).

/** GET /api/guild/{guildId}/export: every section's settings, with the schema versions they follow. */
export interface GuildExport {
  $schema: string;
  exportedAt: string;
  guild: { id: string; name: string };
  schemaVersions: Record<string, string>;
  sections: Record<string, unknown>;
  collections?: Record<string, unknown[]>;
}

export interface FieldChange {
  path: string;
  label: string;
  before?: unknown;
  after?: unknown;
}

/** What an import or a clone would change in one section. */
export interface SectionPreview {
  section: string;
  title: string;
  changes: FieldChange[];
  /** An import only: why this section is left as it is (the caller's access level may not change it). */
  skipped?: string;
}

export interface ImportRequest {
  document: GuildExport;
  dryRun?: boolean;
}
export interface ImportResult {
  success: true;
  preview: SectionPreview[];
  /** Only when applied: the sections written. */
  sections?: string[];
}

export interface UnmappedReference {
  id: string;
  name: string;
  paths: string[];
}
export interface CloneMapping {
  channels?: Record<string, string | null>;
  roles?: Record<string, string | null>;
}
export interface CloneRequest {
  targetGuildId: string;
  sections: string[];
  mapping?: CloneMapping;
  dryRun?: boolean;
}
export interface CloneResult {
  success: true;
  applied: boolean;
  unmapped: { channels: UnmappedReference[]; roles: UnmappedReference[] };
  preview: SectionPreview[];
}

const guildPath = (guildId: string) => `/api/guild/${encodeURIComponent(guildId)}`;

export const exportGuild = (guildId: string) => apiFile(`${guildPath(guildId)}/export`);
export const importGuild = (guildId: string, body: ImportRequest) =>
  api<ImportResult>(`${guildPath(guildId)}/import`, { method: 'POST', json: body });
export const cloneGuild = (guildId: string, body: CloneRequest) =>
  api<CloneResult>(`${guildPath(guildId)}/clone`, { method: 'POST', json: body });

/** After an applied import or clone, every page of the changed guild reads its settings and history again. */
function useRefreshGuild() {
  const queries = useQueryClient();
  return (guildId: string) =>
    Promise.all([
      queries.invalidateQueries({ queryKey: ['guild', guildId, 'settings'] }),
      queries.invalidateQueries({ queryKey: ['guild', guildId, 'collections'] }),
      queries.invalidateQueries({ queryKey: ['guild', guildId, 'tickets'] }),
      queries.invalidateQueries({ queryKey: ['guild', guildId, 'history'] }),
    ]);
}

export function useExportGuild(guildId: string) {
  return useMutation({ mutationFn: () => exportGuild(guildId) });
}

export function useImportGuild(guildId: string) {
  const refresh = useRefreshGuild();
  return useMutation({
    mutationFn: (body: ImportRequest) => importGuild(guildId, body),
    onSuccess: (_result, body) => (body.dryRun ? undefined : refresh(guildId)),
  });
}

export function useCloneGuild(guildId: string) {
  const refresh = useRefreshGuild();
  return useMutation({
    mutationFn: (body: CloneRequest) => cloneGuild(guildId, body),
    onSuccess: (result, body) => (result.applied ? refresh(body.targetGuildId) : undefined),
  });
}
