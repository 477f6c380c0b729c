import { ALL_SUBJECTS, GRANTABLE_SUBJECTS, inForce, type Grant } from '@guildhall/common/dashboard-access';
import type { DashboardAccessSettings, Role, UserSearchResult } from '@guildhall/generated/types';
import { pageOfSubject } from '../../guild-pages';

/** One column of the matrix: a role's or a member's grant, named as the page shows it. */
export interface Grantee {
  key: string;
  name: string;
  grant: Grant;
  expired: boolean;
}

/** Each grant of the document as a column: roles first, then members, in the document's order. */
export function granteesOf(
  access: Pick<DashboardAccessSettings, 'roles' | 'members'>,
  roles: readonly Pick<Role, 'id' | 'name'>[] | undefined,
  users: readonly UserSearchResult[] | undefined,
  now: Date,
): Grantee[] {
  const roleName = (id: string) => {
    const role = roles?.find((r) => r.id === id);
    return role ? `@${role.name}` : `Role ${id}`;
  };
  const userName = (id: string) => {
    const user = users?.find((u) => u.id === id);
    return user ? user.global_name || user.username : `Member ${id}`;
  };
  return [
    ...(access.roles ?? []).map((grant) => ({ key: `role:${grant.id}`, name: roleName(grant.id), grant, expired: !inForce(grant, now) })),
    ...(access.members ?? []).map((grant) => ({
      key: `member:${grant.id}`,
      name: userName(grant.id),
      grant,
      expired: !inForce(grant, now),
    })),
  ];
}

/** What a grant gives on one subject: 'Write', 'Read' or nothing. */
export function cellOf(grant: Pick<Grant, 'subjects' | 'level'>, subject: string): 'Read' | 'Write' | undefined {
  if (!grant.subjects.includes(ALL_SUBJECTS) && !(grant.subjects as string[]).includes(subject)) return undefined;
  return grant.level === 'write' ? 'Write' : 'Read';
}

/**
 * Who has access to what at a glance: a table of the grantable sections and collections (rows) by grantee (columns),
 * each cell Read, Write or a dash; an expired grant's column greyed and marked. Scrolls sideways on a phone.
 */
export function AccessMatrix({ grantees }: { grantees: readonly Grantee[] }) {
  return (
    <div className="card overflow-x-auto p-4" role="region" aria-labelledby="access-matrix-caption" tabIndex={0}>
      <table className="w-full min-w-max border-collapse text-left text-sm">
        <caption id="access-matrix-caption" className="pb-3 text-left text-base font-semibold">
          Who has access to what
        </caption>
        <thead>
          <tr>
            <th scope="col" className="sticky left-0 bg-panel py-2 pr-4 font-semibold text-muted">
              Section
            </th>
            {grantees.map((g) => (
              <th key={g.key} scope="col" className={`px-3 py-2 font-semibold ${g.expired ? 'text-muted line-through' : ''}`}>
                {g.name}
                {g.expired && <span className="ml-1 text-xs font-normal no-underline">(Expired)</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {GRANTABLE_SUBJECTS.map((subject) => (
            <tr key={subject} className="border-t border-line">
              <th scope="row" className="sticky left-0 bg-panel py-2 pr-4 font-normal">
                {pageOfSubject(subject)?.title ?? subject}
              </th>
              {grantees.map((g) => {
                const cell = cellOf(g.grant, subject);
                return (
                  <td
                    key={g.key}
                    className={`px-3 py-2 ${g.expired ? 'text-muted opacity-60' : cell === 'Write' ? 'font-semibold text-ok' : ''}`}
                    data-expired={g.expired || undefined}
                  >
                    {cell ?? <span aria-label="No access">—</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
