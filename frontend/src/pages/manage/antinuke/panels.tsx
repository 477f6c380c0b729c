import type { AntinukePreflight } from '@guildhall/generated/types';
import { AlertTriangle, Crown, ShieldAlert, ShieldCheck, ShieldOff, UserCheck, X } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { useCreateBypassRole, useRoles } from '../../../api/queries';
import { AlertDialog } from '../../../components/AlertDialog';
import { StatusBanner, useTimedBanner } from '../../../components/StatusBanner';
import { useFormValues } from '../../../form/SchemaForm';
import { type SectionModule, useSectionModule } from '../../../form/section-module';
import type { AccessLevel, AntinukeAccess } from './access';

export const NOT_AUTHORIZED = 'You are not authorized to access this section.';

/** A 403 opens 'Access Denied / Insufficient Permissions' with the server's reason (or the default text). */
export function AccessDeniedModal({ message, guildId, onClose }: { message?: string; guildId: string; onClose(): void }) {
  const close = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog titleId="access-denied-title" textId="access-denied-text" initialFocus={close} onClose={onClose}>
      <div className="flex items-start gap-3">
        <ShieldAlert aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-danger" />
        <div>
          <h2 id="access-denied-title" className="text-lg font-semibold">
            Access Denied
          </h2>
          <p className="text-sm font-semibold text-danger">Insufficient Permissions</p>
        </div>
      </div>
      <p id="access-denied-text" className="mt-3 text-sm text-muted">
        {message || NOT_AUTHORIZED}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Link to={`/manage/${guildId}/dashboard`} className="btn-secondary">
          Back to Dashboard
        </Link>
        <button ref={close} type="button" className="btn-primary" onClick={onClose}>
          Close
        </button>
      </div>
    </AlertDialog>
  );
}

const BADGE: Record<AccessLevel, { icon: typeof Crown; tone: string }> = {
  owner: { icon: Crown, tone: 'border-warn/50 bg-warn/10 text-warn' },
  extra_owner: { icon: ShieldCheck, tone: 'border-brand/50 bg-brand/15 text-fg' },
  whitelist: { icon: UserCheck, tone: 'border-ok/50 bg-ok/10 text-ok' },
  none: { icon: ShieldOff, tone: 'border-danger/50 bg-danger/10 text-danger' },
};

/** The header's access badge, on the line of the header's buttons. */
export function AccessBadge({ level, label }: { level: AccessLevel; label: string }) {
  const { icon: Icon, tone } = BADGE[level];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-semibold ${tone}`}
      data-access-level={level}
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
      <span className="sr-only">Your access: </span>
      {label}
    </span>
  );
}

/**
 * What the caller's level allows, a line of the page under its heading: beside the badge, in the header's row of
 * buttons, it made a column of its own that pushed the badge off that row's line.
 */
export function AccessMessage({ message }: { message: string }) {
  return (
    <p className="-mt-3 mb-6 text-sm text-muted" data-access-message="">
      {message}
    </p>
  );
}

/** Dismissible: the user lacks access. */
export function UnauthorizedNotice({ message, onDismiss }: { message: string; onDismiss(): void }) {
  return (
    <div role="alert" className="mb-6 flex items-start gap-3 rounded-lg border border-danger/50 bg-danger/10 p-3 text-sm text-danger">
      <ShieldAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <p className="flex-1">{message}</p>
      <button type="button" aria-label="Dismiss" className="rounded p-0.5 hover:bg-danger/20" onClick={onDismiss}>
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}

/** What Protection, Users, Permissions and Logs show while AntiNuke is off, with a way back to General. */
export function DisabledPanel({ onGeneral }: { onGeneral(): void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-line p-8 text-center" data-disabled-panel="">
      <ShieldOff aria-hidden="true" className="h-10 w-10 text-muted" />
      <h3 className="text-lg font-semibold">AntiNuke Protection Disabled</h3>
      <p className="max-w-md text-sm text-muted">Turn AntiNuke on in the General tab to configure these settings.</p>
      <button type="button" className="btn-primary" onClick={onGeneral}>
        Go to General
      </button>
    </div>
  );
}

/** The bot creates a role for the bypass and it becomes the choice (kept on Save). */
export function CreateBypassRole({ guildId, allowed, reason }: { guildId: string; allowed: boolean; reason?: string }) {
  const create = useCreateBypassRole(guildId);
  const form = useFormValues();
  const [banner, showBanner] = useTimedBanner();
  const run = async () => {
    try {
      const role = await create.mutateAsync();
      form?.patch({ bypass_role: role.id });
      showBanner({ kind: 'success', message: 'Bypass role created successfully!' });
    } catch (err) {
      const reason = err instanceof ApiError && typeof err.body.error === 'string' ? err.body.error : null;
      showBanner({ kind: 'error', message: reason ? `Error creating bypass role: ${reason}` : 'Failed to create bypass role' });
    }
  };
  return (
    <div className="mb-5">
      <StatusBanner banner={banner} />
      <button
        type="button"
        className="btn-secondary"
        disabled={!allowed || create.isPending}
        aria-busy={create.isPending || undefined}
        title={allowed ? undefined : reason}
        onClick={() => void run()}
      >
        {create.isPending ? 'Creating...' : 'Create Bypass Role'}
      </button>
      <p className="mt-1 text-xs text-muted">
        The bot creates a role without permissions and selects it as the bypass role; save to keep it.
      </p>
    </div>
  );
}

/** Each bypass permission and its title, from the schema of AntiNuke's module (loaded: the form around is drawn). */
function permissionTitles(antinuke: SectionModule<'antinuke'> | undefined) {
  const schema = antinuke?.schema as { properties?: Record<string, { properties?: Record<string, { title?: string }> }> } | undefined;
  return Object.entries(schema?.properties?.bypass_permissions?.properties ?? {}).map(([key, p]) => [key, p.title ?? key] as const);
}

/** The current bypass role and what it may do ('No bypass role set'; each permission Allowed or Denied). */
export function PermissionsSummary({ guildId }: { guildId: string }) {
  const form = useFormValues();
  const roles = useRoles(guildId);
  const antinuke = useSectionModule('antinuke');
  const titles = permissionTitles(antinuke.status === 'ready' ? antinuke.module : undefined);
  const roleId = form?.values.bypass_role as string | null | undefined;
  const permissions = (form?.values.bypass_permissions ?? {}) as Record<string, boolean | undefined>;
  const role = roleId ? roles.data?.find((r) => r.id === roleId) : undefined;
  return (
    <section aria-labelledby="bypass-summary" className="mb-5 rounded-xl border border-line p-4">
      <h3 id="bypass-summary" className="text-sm font-semibold">
        Bypass role summary
      </h3>
      {!roleId ? (
        <p className="mt-2 text-sm text-muted">No bypass role set</p>
      ) : (
        <>
          <p className="mt-2 text-sm">{role ? `@${role.name}` : roles.isPending ? 'Loading roles...' : `Unknown role (${roleId})`}</p>
          <ul className="mt-3 grid gap-2 sm:grid-cols-2">
            {titles.map(([key, title]) => (
              <li key={key} className="flex items-center justify-between gap-3 rounded-lg bg-panel-2 px-3 py-2 text-sm">
                <span>{title}</span>
                <span className={`font-semibold ${permissions[key] ? 'text-ok' : 'text-danger'}`}>
                  {permissions[key] ? 'Allowed' : 'Denied'}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The AntiNuke hierarchy, highest first. */
export function Hierarchy() {
  const levels = [
    ['Guild Owner', 'Full access: manages extra owners, the whitelist and all AntiNuke settings; bypasses all restrictions.'],
    ['Extra Owners', 'Manage AntiNuke settings and the whitelist; bypass all restrictions; cannot manage extra owners.'],
    ['Whitelisted Users', 'Exempt from AntiNuke actions; can view the status only; cannot change settings or manage users.'],
    ['Bypass Role', 'Only the permissions toggled on this tab.'],
    ['Regular Users', 'Every protection applies.'],
  ];
  return (
    <section aria-labelledby="antinuke-hierarchy" className="mt-2 rounded-xl border border-line p-4">
      <h3 id="antinuke-hierarchy" className="text-sm font-semibold">
        Hierarchy
      </h3>
      <p className="mt-1 text-xs text-muted">Highest first: each level is trusted more than the ones below it.</p>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm">
        {levels.map(([title, text]) => (
          <li key={title}>
            <span className="font-semibold">{title}</span>: <span className="text-muted">{text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The server's pre-flight warnings about the saved settings, each with a way to its field's tab. */
export function PreflightWarnings({ warnings, onShow }: { warnings: AntinukePreflight['warnings']; onShow(path: string): void }) {
  if (warnings.length === 0) return null;
  return (
    <section aria-labelledby="preflight-title" className="mb-6 rounded-xl border border-warn/50 bg-warn/10 p-4 text-sm" data-preflight="">
      <h2 id="preflight-title" className="flex items-center gap-2 font-semibold text-warn">
        <AlertTriangle aria-hidden="true" className="h-4 w-4" /> Check before relying on AntiNuke
      </h2>
      <ul className="mt-2 space-y-1.5">
        {warnings.map((w) => (
          <li key={`${w.code}-${w.path ?? ''}`} className="flex flex-wrap items-center gap-2">
            <span>{w.message}</span>
            {w.path && (
              <button type="button" className="text-xs font-semibold underline" onClick={() => onShow(w.path!)}>
                Show setting
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A tab's panel: its fields while AntiNuke is on (General always), with the tab's own extras around them. */
export function AntinukeTabPanel({
  group,
  fields,
  guildId,
  access,
  onGeneral,
}: {
  group: string;
  fields: ReactNode;
  guildId: string;
  access: AntinukeAccess;
  onGeneral(): void;
}) {
  const form = useFormValues();
  if (group !== 'general' && form?.values.enabled !== true) return <DisabledPanel onGeneral={onGeneral} />;
  if (group === 'general')
    return (
      <>
        {fields}
        <CreateBypassRole guildId={guildId} allowed={access.capabilities.manageBypassRole} reason={access.denied.manageBypassRole} />
      </>
    );
  if (group === 'permissions')
    return (
      <>
        <PermissionsSummary guildId={guildId} />
        {fields}
        <Hierarchy />
      </>
    );
  return <>{fields}</>;
}
