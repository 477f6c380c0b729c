import type { ReactNode } from 'react';

/** The tabs of a form whose root x-ui says `layout: 'tabs'`, when the page drives them (otherwise the form does). */
export interface FormTabs {
  /** The id of the x-ui group shown. */
  active: string;
  select(group: string): void;
  /** What a tab's panel shows, given its fields: the fields with more under them, or a notice in their place. */
  render?(group: string, fields: ReactNode): ReactNode;
}

/**
 * Where fields with `x-ui.beside` are shown: each field another names is a target and renders a slot; the named field
 * renders into it (a portal, so it stays in its own place in the form's tree: its value, errors and id are unchanged).
 */
export interface FieldSlots {
  /** JSON Pointers of the fields that host another beside them. */
  targets: ReadonlySet<string>;
  elements: Readonly<Record<string, HTMLElement>>;
  register(pointer: string, element: HTMLElement | null): void;
}

/** What every widget may need beyond its own value: the guild, for channel and role pickers; the page's tabs. */
export interface SchemaFormContext {
  guildId: string;
  /** The section the form edits, for a widget that calls a section's route (the image upload). */
  section?: string;
  tabs?: FormTabs;
  slots?: FieldSlots;
  /**
   * The version of the stored document the form last read: it changes after a successful save (and any reload), when a
   * widget's own words about the earlier draft (a user list's refused add) no longer stand.
   */
  version?: number;
  /**
   * The whole draft and its errors by JSON Pointer (`/options/0/label`), for a widget that draws a list's items itself
   * (RJSF hands a list's widget only the list's own errors, and no sibling): the role menu's options follow its kind.
   */
  document?: { values: Record<string, unknown>; errors: Readonly<Record<string, string>> };
}
