// Form parts (src/form/parts.ts; issue 26): RJSF's ArrayField and the widgets few forms draw are chunks of their own.
// A section's page must fetch, beside its section's module, exactly the parts its form draws at once (manage-paths.ts'
// SECTION_PAGE_LAZY): one it lacks would show a spinner in the form, one too many would cost every visit its bytes. A
// part only a later tab draws (AntiNuke's user lists) is fetched when that tab is pointed at or focused.
import { collectionModules, sectionModules } from '@guildhall/generated/section-modules';
import type { SectionName } from '@guildhall/generated/types';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formPartsOf, tabbedPart, WIDGET_PARTS } from '../src/form/core/form-parts';
import { type FormPart, isFormPart } from '../src/form/parts';
import { SchemaForm } from '../src/form/SchemaForm';
import { widgets } from '../src/form/widgets';
import { SECTION_PAGE_LAZY } from '../src/manage-paths';
import { fakeAntinukeApi, GUILD } from './support/antinuke-api';

const OWNER = {
  capabilities: {
    view: true,
    editSettings: true,
    manageModules: true,
    manageWhitelist: true,
    manageExtraOwners: true,
    manageBypassRole: true,
  },
};

/** Sections whose page draws no schema form (Ticket Categories lists categories with a page of its own). */
const NO_SCHEMA_FORM: SectionName[] = ['ticket-categories'];

interface Group {
  id: string;
}

const sections = await Promise.all(
  Object.entries(sectionModules).map(async ([name, load]) => {
    const module = (await load()) as {
      schema: { properties?: Record<string, unknown> };
      uiSchema?: Record<string, unknown>;
      defaults?: Record<string, unknown>;
    };
    return {
      name: name as SectionName,
      schema: module.schema,
      uiSchema: (module.uiSchema ?? {}) as Record<string, unknown>,
      defaults: module.defaults ?? {},
    };
  }),
);

/**
 * The parts a section's form draws as it opens with its defaults: every field, or for a tabbed form the ungrouped ones
 * and the first tab's; of a list of objects empty by default (Dashboard Access's grants), only the list, as its items'
 * fields are drawn once one is added.
 */
function partsAtOnce({ schema, uiSchema, defaults }: (typeof sections)[number]): FormPart[] {
  const options = (uiSchema['ui:options'] ?? {}) as { layout?: string; groups?: Group[] };
  const groupOf = (name: string) =>
    ((uiSchema[name] as Record<string, unknown> | undefined)?.['ui:options'] as { group?: string } | undefined)?.group;
  const first = options.layout === 'tabs' ? options.groups?.[0]?.id : undefined;
  const found = new Set<FormPart>();
  const tabs = tabbedPart(uiSchema);
  if (tabs) found.add(tabs);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (first && groupOf(name) && groupOf(name) !== first) continue;
    const ui = uiSchema[name] as Record<string, unknown> | undefined;
    const emptyList = Array.isArray(defaults[name]) && (defaults[name] as unknown[]).length === 0 && !ui?.['ui:widget'];
    formPartsOf(emptyList ? { ...(property as object), items: undefined } : property, ui, schema, found);
  }
  return [...found].sort();
}

afterEach(cleanup);

describe('form parts (src/form/parts.ts)', () => {
  it.each(sections.filter((s) => !NO_SCHEMA_FORM.includes(s.name)).map((s) => [s.name, s] as const))(
    'the %s page fetches beside its module exactly the parts its form draws at once',
    (name, section) => {
      const listed = (SECTION_PAGE_LAZY[name] ?? []).filter(isFormPart).sort();
      expect(listed).toEqual(partsAtOnce(section));
    },
  );

  it('lists no part for a page that draws no schema form', () => {
    for (const name of NO_SCHEMA_FORM) expect((SECTION_PAGE_LAZY[name] ?? []).filter(isFormPart)).toEqual([]);
  });

  it('has every part drawn by some form, and each widget that is a part drawn from it', async () => {
    // A collection's item editor draws with the engine too (the role menu's).
    const items = await Promise.all(
      Object.values(collectionModules).map(async (load) => {
        const module = (await load()) as { schema: Record<string, unknown>; uiSchema: Record<string, unknown> };
        return { schema: module.schema, uiSchema: module.uiSchema };
      }),
    );
    const drawn = new Set([...sections, ...items].flatMap((s) => [...formPartsOf(s.schema, s.uiSchema), tabbedPart(s.uiSchema)]));
    // The anyOf/oneOf field is drawn by none today: a schema with either would fetch it.
    expect([...drawn].filter(Boolean).sort()).toEqual([
      'form/parts/ArrayField',
      'form/parts/GrantWidgets',
      'form/parts/ImageUpload',
      'form/parts/PunishmentCards',
      'form/parts/RoleMenuWidgets',
      'form/parts/RoleWidgets',
      'form/parts/ScheduleWidgets',
      'form/parts/TabbedObject',
      'form/parts/UserList',
    ]);
    expect([...formPartsOf({ properties: { a: { oneOf: [{ type: 'string' }, { type: 'number' }] } } }, {})]).toEqual([
      'form/parts/MultiSchemaField',
    ]);
    const fromParts = Object.entries(widgets)
      .filter(([, widget]) => (widget as { name?: string }).name === 'FormPartComponent')
      .map(([name]) => name);
    expect(fromParts.sort()).toEqual(Object.keys(WIDGET_PARTS).sort());
    // AntiNuke's lists are on its Users tab, not the first: they wait for that tab. Its first tab's punishment cards
    // are drawn at once.
    const antinuke = sections.find((s) => s.name === 'antinuke')!;
    expect(partsAtOnce(antinuke)).toEqual(['form/parts/PunishmentCards', 'form/parts/TabbedObject']);
    expect([...formPartsOf(antinuke.schema, antinuke.uiSchema)].sort()).toEqual([
      'form/parts/ArrayField',
      'form/parts/PunishmentCards',
      'form/parts/UserList',
    ]);
  });

  it('fetches the parts of a tab when it is pointed at, so that it opens with its fields', async () => {
    fakeAntinukeApi();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <SchemaForm guildId={GUILD} section="antinuke" access={OWNER} saveLabel="Save Settings" />
      </QueryClientProvider>,
    );
    const users = await screen.findByRole('tab', { name: 'Users' });
    await act(async () => {
      fireEvent.pointerEnter(users);
      await new Promise((resolve) => setTimeout(resolve, 500)); // the parts are fetched meanwhile
    });
    fireEvent.click(users);
    // Drawn at once, no spinner in between.
    expect(screen.getByRole('combobox', { name: 'Extra Owners' })).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });
});
