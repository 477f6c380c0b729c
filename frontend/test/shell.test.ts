import { describe, expect, it, beforeEach } from 'vitest';
import { fieldErrorsToErrorSchema } from '../src/form/core/error-schema';
import { applyVisibility } from '../src/form/core/visibility';
import { buildMenu, currentEntry, filterMenu, flatItems, MANAGE_MENU, nestSubPages, restrictMenu } from '../src/layouts/manage-menu';
import { sectionNames, sections } from '@guildhall/generated/sections';
import type { SectionPageInfo } from '@guildhall/generated/section-pages';
import { filterGuilds } from '../src/pages/Selector';
import { peekRedirect, rememberRedirect, takeRedirect, REDIRECT_KEY } from '../src/auth/redirect-memory';
import { uiSchemas } from '@guildhall/generated/ui-schemas';

describe('server selector search', () => {
  const guilds = [
    { id: '1', name: 'Guildhall Community', iconURL: null, settingsUrl: '/manage/1/dashboard' },
    { id: '2', name: 'Pixel Painters', iconURL: null, settingsUrl: '/manage/2/dashboard' },
  ];
  it('matches a case-insensitive substring of the name', () => {
    expect(filterGuilds(guilds, 'PIXEL').map((g) => g.id)).toEqual(['2']);
    expect(filterGuilds(guilds, 'community').map((g) => g.id)).toEqual(['1']);
    expect(filterGuilds(guilds, '  ')).toHaveLength(2);
    expect(filterGuilds(guilds, 'nothing')).toEqual([]);
  });
});

describe('manage sidebar', () => {
  it('spells the groups as the spec does', () => {
    expect(MANAGE_MENU.map((g) => g.heading)).toEqual([undefined, 'BESIC FEATURES', 'SERVER MANAGEMENT']);
    expect(MANAGE_MENU[1]!.items.map((i) => [i.name, i.path])).toEqual([
      ['Levels', 'progression'],
      ['Reaction Roles', 'reactionroles'],
      ['Welcome Configuration', 'welcome'],
    ]);
  });
  it('lists every section of the table once, under the group its row names, titled and linked from the row', () => {
    for (const name of sectionNames) {
      const { title, path, menuGroup } = sections[name];
      const groups = MANAGE_MENU.filter((g) => flatItems(g.items).some((i) => i.path === path));
      expect(groups, name).toHaveLength(1);
      expect(
        flatItems(groups[0]!.items)
          .filter((i) => i.path === path)
          .map((i) => i.name),
      ).toEqual([title]);
      const index = ['main', 'basic-features', 'server-management'].indexOf(menuGroup);
      expect(MANAGE_MENU.indexOf(groups[0]!), `${name} is in group ${menuGroup}`).toBe(index);
    }
  });
  it('puts a section the layout does not name at the end of its group, with no frontend change', () => {
    const polls: SectionPageInfo = {
      ...sections.basic,
      name: 'polls' as never,
      title: 'Polls',
      path: 'polls',
      description: 'Ask the server a question.',
      menuGroup: 'basic-features',
      premium: true,
    };
    const menu = buildMenu(undefined, { ...sections, polls });
    expect(menu[1]!.items.at(-1)).toEqual({ name: 'Polls', path: 'polls', description: 'Ask the server a question.', premium: true });
    expect(menu[1]!.items.slice(0, -1)).toEqual(MANAGE_MENU[1]!.items);
  });
  it('filters items by case-insensitive name and drops empty groups', () => {
    const result = filterMenu(MANAGE_MENU, 'CONFIG');
    expect(result.flatMap((g) => g.items.map((i) => i.name))).toEqual([
      'Welcome Configuration',
      'Antinuke Configuration',
      'Embeds Configuration',
    ]);
    expect(filterMenu(MANAGE_MENU, 'zzz')).toEqual([]);
  });
  it('nests the pages below an entry’s path under it, in order, and keeps the rest at the top', () => {
    const item = (path: string) => ({ name: path, path, premium: false });
    const nested = nestSubPages([
      item('tickets'),
      item('tickets/limits'),
      item('antinuke'),
      item('tickets/panel'),
      item('tickets/panel/x'),
    ]);
    expect(nested.map((i) => [i.path, (i.children ?? []).map((c) => c.path)])).toEqual([
      ['tickets', ['tickets/limits', 'tickets/panel', 'tickets/panel/x']],
      ['antinuke', []],
    ]);
    const tickets = MANAGE_MENU[2]!.items.find((i) => i.path === 'tickets')!;
    expect(tickets.children!.map((c) => c.path)).toEqual([
      'tickets/general',
      'tickets/limits',
      'tickets/category',
      'tickets/transcript',
      'tickets/panel',
    ]);
  });
  it('makes exactly one entry current: the page’s own, else the deepest one it lies below', () => {
    expect(currentEntry(MANAGE_MENU, 'tickets/limits')?.path).toBe('tickets/limits');
    expect(currentEntry(MANAGE_MENU, 'tickets')?.path).toBe('tickets');
    expect(currentEntry(MANAGE_MENU, 'tickets/panel/123')?.path).toBe('tickets/panel');
    expect(currentEntry(MANAGE_MENU, 'ticketsx')).toBeUndefined();
  });
  it('finds a nested page by name with its parent, and lifts a page whose parent the user may not open', () => {
    expect(
      filterMenu(MANAGE_MENU, 'transcript').flatMap((g) => g.items.map((i) => [i.name, (i.children ?? []).map((c) => c.name)])),
    ).toEqual([['Ticket Management', ['Ticket transcripts']]]);
    const restricted = restrictMenu(MANAGE_MENU, [
      { path: 'tickets/panel', title: 'Ticket Panels' },
      { path: 'antinuke', title: 'AntiNuke' },
    ]);
    expect(restricted.flatMap((g) => g.items.map((i) => [i.path, i.children]))).toEqual([
      ['tickets/panel', undefined],
      ['antinuke', undefined],
    ]);
  });
});

describe('redirect after login', () => {
  beforeEach(() => sessionStorage.clear());
  it('remembers a protected path once, never / or /login', () => {
    rememberRedirect('/');
    rememberRedirect('/login');
    expect(peekRedirect()).toBeNull();
    rememberRedirect('/manage/1/basic');
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBe('/manage/1/basic');
    expect(takeRedirect()).toBe('/manage/1/basic');
    expect(takeRedirect()).toBeNull();
  });
  it('refuses to send anyone off-site', () => {
    sessionStorage.setItem(REDIRECT_KEY, '//evil.example');
    expect(takeRedirect()).toBeNull();
  });
});

describe('form engine core', () => {
  it('puts server field errors at their fields (JSON Pointer paths)', () => {
    expect(
      fieldErrorsToErrorSchema([
        { path: '/prefix', message: 'Prefix must be 1 to 5 characters' },
        { path: '/welcome/embed/title', message: 'Too long' },
      ]),
    ).toEqual({ prefix: { __errors: ['Prefix must be 1 to 5 characters'] }, welcome: { embed: { title: { __errors: ['Too long'] } } } });
  });
  it("hides Levels' XP options while ranking is off, from the schema's visibleIf", () => {
    const ui = uiSchemas.levels as Record<string, any>;
    expect(applyVisibility(ui, { ranking: false }).levelup_message['ui:widget']).toBe('hidden');
    expect(applyVisibility(ui, { ranking: false }).levelup_channel['ui:widget']).toBe('hidden');
    expect(applyVisibility(ui, { ranking: true }).levelup_message['ui:widget']).toBe('textarea');
  });
});
