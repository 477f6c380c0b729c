import { fillRefusal, refusals } from '@guildhall/generated/refusals';
import { useParams } from 'react-router-dom';
import { useManagedGuild } from '../../../api/queries';
import { pageOfSubject } from '../../guild-entry';

/** What the caller may do on a page: everything (a manager), or what a Dashboard Access grant gives them. */
export interface PageGrant {
  /** The grant's level; undefined for a manager (everything) or while the guild loads. */
  level: 'read' | 'write' | undefined;
  /** Read only: nothing may be changed or sent through the bot here. */
  readOnly: boolean;
  /** The server's words for it ('You have read-only access to Ticket Panels.'), when read only. */
  reason: string | undefined;
}

/** A grantee's level on a section or collection, from the guild's answer (`grants`); a manager's is undefined. */
export function grantOf(grants: Readonly<Record<string, 'read' | 'write'>> | undefined, subject: string): PageGrant {
  const level = grants?.[subject];
  const readOnly = grants !== undefined && level !== 'write';
  const title = pageOfSubject(subject)?.title ?? subject;
  return { level, readOnly, reason: readOnly ? fillRefusal(refusals.accessReadOnly, { section: title }) : undefined };
}

/**
 * The caller's grant on the page's section or collection (a collection's page, a custom section page's actions that
 * act through the bot): what to hide or disable for a read-only grantee, and why.
 */
export function usePageGrant(subject: string): PageGrant {
  const { guildId = '' } = useParams();
  const guild = useManagedGuild(guildId);
  return grantOf(guild.data?.grants, subject);
}
