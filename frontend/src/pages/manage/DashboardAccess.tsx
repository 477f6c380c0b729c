import { ShieldCheck } from 'lucide-react';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { useRoles, useSettings, useUsers } from '../../api/queries';
import { SchemaForm } from '../../form/SchemaForm';
import { AccessMatrix, granteesOf } from './dashboard-access/AccessMatrix';
import { SectionHeader } from './SectionHeader';

/**
 * Dashboard Access (/access, owners and Administrators): who besides the managers may use this dashboard. The saved
 * grants at a glance (a matrix of sections by grantee), then the section's generated form, where grants to roles and
 * members are added, edited and removed, and saved through the engine (validation, conflicts, history).
 */
export default function DashboardAccess() {
  const { guildId = '' } = useParams();
  const saved = useSettings(guildId, 'dashboard-access');
  const access = saved.data?.settings;
  const memberIds = useMemo(() => (access?.members ?? []).map((m) => m.id), [access]);
  const roles = useRoles(guildId);
  const users = useUsers(guildId, memberIds);
  const grantees = useMemo(() => (access ? granteesOf(access, roles.data, users.data, new Date()) : []), [access, roles.data, users.data]);
  return (
    <div className="mx-auto max-w-5xl">
      <SectionHeader section="dashboard-access" />
      {access &&
        (grantees.length === 0 ? (
          <div className="card mb-6 flex items-start gap-3 p-6" data-empty-access="">
            <ShieldCheck aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-brand" />
            <p className="text-muted">Only server managers can use this dashboard. Grant a role or a member access to let them help.</p>
          </div>
        ) : (
          <div className="mb-6">
            <AccessMatrix grantees={grantees} />
          </div>
        ))}
      <SchemaForm guildId={guildId} section="dashboard-access" />
    </div>
  );
}
