import type { UiSchema } from '@rjsf/utils';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { useAntinukePreflight, useSettings } from '../../api/queries';
import { queryKeys } from '../../api/query-keys';
import { LoadErrorCard } from '../../components/LoadErrorCard';
import { Spinner } from '../../components/Spinner';
import type { FormTabs } from '../../form/core/form-context';
import { SchemaForm } from '../../form/SchemaForm';
import { useSectionModule } from '../../form/section-module';
import { ACCESS_LABELS, type AntinukeAccess, mayEdit, readAccess } from './antinuke/access';
import { AccessBadge, AccessDeniedModal, AccessMessage, AntinukeTabPanel, PreflightWarnings, UnauthorizedNotice } from './antinuke/panels';
import { SectionHeader } from './SectionHeader';

/** The tab (x-ui group) that shows a field named by a JSON Pointer such as `/log_channel` or `/modules/anti_ban`. */
function groupOfPath(ui: UiSchema, path: string): string | undefined {
  const top = path.split('/')[1] ?? '';
  return ((ui[top] as UiSchema | undefined)?.['ui:options'] as { group?: string } | undefined)?.group;
}

/**
 * AntiNuke: the generated form in the five tabs its schema's x-ui declares, locked field by field from the
 * caller's capabilities (x-access), with the access badge, the 403 modal, the pre-flight warnings, and per tab: the
 * 'AntiNuke Protection Disabled' panel while off, Create Bypass Role (General), the bypass summary and the hierarchy
 * (Permissions).
 */
export default function Antinuke() {
  const { guildId = '' } = useParams();
  if (!guildId) {
    return (
      <p role="alert" className="card p-6 text-danger">
        No guild ID provided
      </p>
    );
  }
  return <AntinukePage guildId={guildId} />;
}

function AntinukePage({ guildId }: { guildId: string }) {
  const queries = useQueryClient();
  const query = useSettings(guildId, 'antinuke');
  const antinuke = useSectionModule('antinuke');
  // A save's answer may carry no access (the PUT reports the document only): the last reported access stands until a
  // read says otherwise, so the form is not unmounted (and its saved notice lost) between the save and the reload.
  const reported = useMemo(() => readAccess(query.data), [query.data]);
  const [lastAccess, setLastAccess] = useState<AntinukeAccess | null>(null);
  if (reported && reported !== lastAccess) setLastAccess(reported);
  const access = reported ?? lastAccess;
  const [tab, setTab] = useState('general');
  const [modalOpen, setModalOpen] = useState(true);
  const [noticeOpen, setNoticeOpen] = useState(true);
  const canView = access?.capabilities.view === true;
  const preflight = useAntinukePreflight(guildId, canView);

  const denied = query.error instanceof ApiError && query.error.status === 403 ? query.error : null;

  const tabs = useMemo<FormTabs | undefined>(
    () =>
      access
        ? {
            active: tab,
            select: setTab,
            render: (group: string, fields: ReactNode) => (
              <AntinukeTabPanel group={group} fields={fields} guildId={guildId} access={access} onGeneral={() => setTab('general')} />
            ),
          }
        : undefined,
    [access, tab, guildId],
  );
  const formAccess = useMemo(() => access && { capabilities: access.capabilities, denied: access.denied }, [access]);
  const onSaved = useCallback(() => void queries.invalidateQueries({ queryKey: queryKeys.antinukePreflight(guildId) }), [queries, guildId]);

  const level = denied ? 'none' : access?.level;
  let body: ReactNode;
  if (denied) {
    body = (
      <>
        {noticeOpen && <UnauthorizedNotice message={denied.message} onDismiss={() => setNoticeOpen(false)} />}
        {modalOpen && <AccessDeniedModal message={denied.message} guildId={guildId} onClose={() => setModalOpen(false)} />}
      </>
    );
  } else if (query.isPending) {
    body = <Spinner label="Loading AntiNuke settings..." />;
  } else if (query.isError) {
    body = (
      <LoadErrorCard title={`Error loading antinuke settings: ${query.error.message}`} error={null} onRetry={() => void query.refetch()} />
    );
  } else if (!access || !canView) {
    body = <Spinner label="Loading access information..." />;
  } else {
    body = (
      <>
        <PreflightWarnings
          warnings={preflight.data ?? []}
          onShow={(path) => {
            const group = antinuke.status === 'ready' ? groupOfPath(antinuke.module.uiSchema as UiSchema, path) : undefined;
            if (group) setTab(group);
          }}
        />
        <SchemaForm
          guildId={guildId}
          section="antinuke"
          access={formAccess ?? undefined}
          viewOnly={!mayEdit(access)}
          saveLabel="Save Settings"
          successMessage="AntiNuke settings saved successfully!"
          onSaved={onSaved}
          tabs={tabs}
        />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-5xl">
      <SectionHeader section="antinuke">
        {level && <AccessBadge level={level} label={denied ? ACCESS_LABELS.none : (access?.label ?? ACCESS_LABELS[level])} />}
      </SectionHeader>
      {!denied && access?.message && <AccessMessage message={access.message} />}
      {body}
    </div>
  );
}
