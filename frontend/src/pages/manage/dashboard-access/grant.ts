import { useParams } from 'react-router-dom';
import { useManagedGuild } from '../../../api/queries';
import { pageOfSubject } from '../../guild-pages';

/** What the caller may do on a page: everything (a manager), or what a Dashboard Access grant gives them. */
export interface PageGrant {
  /** The grant's level; undefined for a manager (everything) or while the guild loads. */
  level: 'read' | 'write' | undefined;
  /** Read only: nothing may be changed or sent through the bot here. */
  readOnly: boolean;
  /** The section's or collection's title, for the reason shown (components/ReadOnlyReason). */
  title: string;
}

/** A grantee's level on a section or collection, from the guild's answer (`grants`); a manager's is undefined. */
export function grantOf(grants: Readonly<Record<string, 'read' | 'write'>> | undefined, subject: string): PageGrant {
  const level = grants?.[subject];
  return { level, readOnly: grants !== undefined && level !== 'write', title: pageOfSubject(subject)?.title ?? subject };
}

/**
 * The caller's grant on the page's section or collection (a collection's page, a custom section page's actions that
 * act through the bot): what to hide or disable for a read-only grantee, and why.
 */
export function usePageGrant(subject: string): PageGrant {
  const { guildId = '' } = useParams();
  return grantOf(useManagedGuild(guildId).data?.grants, subject);
}
