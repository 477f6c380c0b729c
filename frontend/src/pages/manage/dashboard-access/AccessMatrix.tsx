import { ALL_SUBJECTS, GRANTABLE_SUBJECTS, inForce, type Grant } from '@guildhall/common/dashboard-access';
import type { DashboardAccessSettings, Role, UserSearchResult } from '@guildhall/generated/types';
import { pageOfSubject } from '../../guild-pages';

/** One column of the matrix: a role or a member with its grants (one or more), named as the page shows it. */
export interface Grantee {
  key: string;
  name: string;
  grants: Grant[];
  /** Every grant of theirs has expired: the column is greyed. */
  expired: boolean;
}

/** Each role and member the document grants to, as a column: roles first, then members, in the document's order. */
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
  const columns = new Map<string, Omit<Grantee, 'expired'>>();
  const add = (key: string, name: string, grant: Grant) => {
    const column = columns.get(key) ?? { key, name, grants: [] };
    column.grants.push(grant);
    columns.set(key, column);
  };
  for (const grant of access.roles ?? []) add(`role:${grant.id}`, roleName(grant.id), grant);
  for (const grant of access.members ?? []) add(`member:${grant.id}`, userName(grant.id), grant);
  return [...columns.values()].map((column) => ({ ...column, expired: !column.grants.some((grant) => inForce(grant, now)) }));
}

/**
 * What a grantee's grants give on one subject: 'Write', 'Read' or nothing, the highest of those in force (of all of
 * them when every one has expired, for the greyed column).
 */
export function cellOf(
  grantee: Pick<Grantee, 'grants' | 'expired'>,
  subject: string,
  now: Date = new Date(),
): 'Read' | 'Write' | undefined {
  const counted = grantee.expired ? grantee.grants : grantee.grants.filter((grant) => inForce(grant, now));
  const covering = counted.filter((grant) => grant.subjects.includes(ALL_SUBJECTS) || (grant.subjects as string[]).includes(subject));
  if (covering.length === 0) return undefined;
  return covering.some((grant) => grant.level === 'write') ? 'Write' : 'Read';
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
                const cell = cellOf(g, subject);
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
