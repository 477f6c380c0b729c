/**
 * Parts of the form engine that few forms draw, each a chunk of its own (issue 26): RJSF's ArrayField with its
 * templates (AntiNuke's user lists and the ticket system's roles are our only arrays), its field for anyOf and oneOf
 * (which no schema of ours has today), the tabs of a tabbed form (AntiNuke's), AntiNuke's user-list widget, and the
 * ticket system's role widgets, the role menu's options and embed. Every settings page loads the form engine; these stay out of it. A section whose
 * form draws one at once loads it beside the section's module (manage-paths.ts' SECTION_PAGE_LAZY, which
 * loadSectionModule reads; frontend/test/form-parts.test.tsx checks the table against the forms); a tab of a tabbed
 * form fetches those of its fields when it is pointed at or focused (TabbedObject); anything else is fetched when
 * first drawn, a spinner in its place meanwhile (part-component.tsx). By module below src/, as SECTION_PAGE_LAZY names
 * them.
 */
const LOADERS = {
  'form/parts/ArrayField': () => import('./parts/ArrayField'),
  'form/parts/MultiSchemaField': () => import('./parts/MultiSchemaField'),
  'form/parts/TabbedObject': () => import('./parts/TabbedObject'),
  'form/parts/UserList': () => import('./parts/UserList'),
  'form/parts/RoleWidgets': () => import('./parts/RoleWidgets'),
  'form/parts/RoleMenuWidgets': () => import('./parts/RoleMenuWidgets'),
  'form/parts/ImageUpload': () => import('./parts/ImageUpload'),
  'form/parts/GrantWidgets': () => import('./parts/GrantWidgets'),
  'form/parts/PunishmentCards': () => import('./parts/PunishmentCards'),
  'form/parts/ScheduleWidgets': () => import('./parts/ScheduleWidgets'),
};
type Loaders = typeof LOADERS;
export type FormPart = keyof Loaders;
export type PartModule<P extends FormPart> = Awaited<ReturnType<Loaders[P]>>;

const modules = new Map<FormPart, unknown>();
/** Each part's load, settled: its module, or null when it failed (dropped, so that the next ask fetches anew). */
const loads = new Map<FormPart, Promise<unknown>>();

/** A part's load, settled: its module, or null when it failed (a later call fetches anew). */
export function settledFormPart(part: FormPart): Promise<unknown> {
  let load = loads.get(part);
  if (!load) {
    load = LOADERS[part]().then(
      (module) => (modules.set(part, module), module),
      () => (loads.delete(part), null),
    );
    loads.set(part, load);
  }
  return load;
}

/** A part's module, when it is loaded. */
export const loadedFormPart = <P extends FormPart>(part: P) => modules.get(part) as PartModule<P> | undefined;

export const isFormPart = (module: string): module is FormPart => Object.hasOwn(LOADERS, module);

/** Loads a part once (a failed load is tried again at the next ask). */
export function loadFormPart(part: FormPart): Promise<void> {
  return settledFormPart(part).then((module) => {
    if (!module) throw new Error(`The form part ${part} could not be loaded`);
  });
}
