// Step 1b too, derive the Dashboard Access subjects: `common/dashboard-subject.json`, what a grant may open, is written
// from the sections table rather than by hand: every section and collection whose policy is manage-guild (grants never
// open a section with access levels, AntiNuke, or one for administrators, Dashboard Access itself), and `*` for all
// of them, each labelled with its row's title. A section added to the table can be granted with no second list.

import { ID_BASE, DRAFT } from './load.mjs';
import { pascalCase, SchemaError } from './lib/json.mjs';

export const SUBJECT_REL = 'common/dashboard-subject.json';
/** The one policy grants open (schemas/meta/section-table.json). */
export const GRANTABLE_POLICY = 'manage-guild';
export const ALL_SUBJECTS = '*';

/** Adds the subject schema to the catalog's files (in place), refusing a hand-written file of the same name. */
export function deriveSubjects({ files, byId, sections, collections }) {
  const id = ID_BASE + SUBJECT_REL;
  if (byId.has(id)) throw new SchemaError(SUBJECT_REL, 'is derived from the sections table: delete the hand-written file');
  const rows = [...sections, ...collections].filter((row) => row.policy === GRANTABLE_POLICY);
  const schema = {
    $schema: DRAFT,
    $id: id,
    title: 'Dashboard subject',
    description:
      'What a Dashboard Access grant opens: a section or collection of the sections table whose policy is manage-guild, or * for all of them (those added later too). Derived from the sections table by the generator (scripts/generate/derive-subjects.mjs).',
    type: 'string',
    enum: [ALL_SUBJECTS, ...rows.map((row) => row.name)],
    'x-ui': { enumLabels: { [ALL_SUBJECTS]: 'All settings', ...Object.fromEntries(rows.map((row) => [row.name, row.title])) } },
    'x-messages': { enum: 'Please choose a section of this dashboard', type: 'Please choose a section of this dashboard' },
  };
  const file = {
    rel: SUBJECT_REL,
    id,
    group: 'common',
    name: 'dashboard-subject',
    typeName: pascalCase(schema.title),
    exportName: 'validateDashboardSubject',
    published: true,
    schema,
  };
  files.push(file);
  files.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  byId.set(id, file);
}
