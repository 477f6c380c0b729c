import type { ReactNode } from 'react';

/** The tabs of a form whose root x-ui says `layout: 'tabs'`, when the page drives them (otherwise the form does). */
export interface FormTabs {
  /** The id of the x-ui group shown. */
  active: string;
  select(group: string): void;
  /** What a tab's panel shows, given its fields: the fields with more under them, or a notice in their place. */
  render?(group: string, fields: ReactNode): ReactNode;
}

/** What every widget may need beyond its own value: the guild, for channel and role pickers; the page's tabs. */
export interface SchemaFormContext {
  guildId: string;
  tabs?: FormTabs;
}
