import { searchIndex } from '@guildhall/generated/search-index.js';
import { sectionPages } from '@guildhall/generated/section-pages';
import { describe, expect, it } from 'vitest';
import { uiSchemas } from '@guildhall/generated/ui-schemas';
import { fieldAddress, fieldId, groupOfField, pointerTokens, topProperty } from '../src/form/core/field-from-url';
import { flatItems, MANAGE_MENU, restrictMenu, withoutAdministratorPages } from '../src/layouts/manage-menu';
import { UPGRADE_PATH } from '../src/components/premium/use-premium';
import { pageOfSubject } from '../src/pages/guild-pages';
import { MAX_RESULTS, paletteItems, searchPalette } from '../src/palette/palette-items';

const everything = paletteItems(MANAGE_MENU, searchIndex.sections);
const titles = (query: string, items = everything) => searchPalette(items, query).map((i) => i.title);

describe('the command palette: what it offers', () => {
  it('offers every page of the sidebar (a nested one after its parent), then every field of every section from the search index', () => {
    const pages = everything.filter((i) => i.kind === 'page');
    expect(pages.map((p) => p.to)).toEqual(MANAGE_MENU.flatMap((g) => flatItems(g.items).map((i) => i.path)));
    expect(pages.map((p) => p.to)).toContain('tickets/limits');
    const fields = everything.filter((i) => i.kind === 'field');
    expect(fields).toHaveLength(searchIndex.sections.reduce((n, s) => n + s.fields.length, 0));
    expect(new Set(everything.map((i) => i.key)).size).toBe(everything.length);
  });

  it("opens a field's page naming the field, and says which page and tab it sits in", () => {
    const webhook = everything.find((i) => i.kind === 'field' && i.title === 'Anti Webhook')!;
    expect(webhook.to).toBe(`${sectionPages.antinuke.path}?field=%2Fmodules%2Fanti_webhook`);
    expect(webhook.context).toBe(`${sectionPages.antinuke.title} › Protection`);
    expect(everything.find((i) => i.title === 'Bot prefix')?.context).toBe(sectionPages.basic.title);
  });

  it('offers someone whom only AntiNuke admits only AntiNuke and its fields, as their sidebar', () => {
    const only = [pageOfSubject('antinuke')!];
    const items = paletteItems(restrictMenu(MANAGE_MENU, only), searchIndex.sections);
    expect(new Set(items.map((i) => i.to.split('?')[0]))).toEqual(new Set([sectionPages.antinuke.path]));
    expect(titles('prefix', items)).toEqual([]);
    expect(titles('webhook', items)).toContain('Anti Webhook');
  });

  it("leads a premium feature the guild's plan lacks to the plans, as the sidebar does", () => {
    const premium = MANAGE_MENU.flatMap((g) => g.items).filter((i) => i.premium);
    expect(premium.length).toBeGreaterThan(0);
    const locked = paletteItems(MANAGE_MENU, searchIndex.sections, true);
    for (const item of premium) {
      expect(locked.find((i) => i.title === item.name)?.to).toBe(UPGRADE_PATH);
      expect(everything.find((i) => i.title === item.name)?.to).toBe(item.path);
    }
  });

  it('offers Dashboard Access and its fields only to those who may change it', () => {
    const items = paletteItems(withoutAdministratorPages(MANAGE_MENU, false), searchIndex.sections);
    expect(items.some((i) => i.to.startsWith(sectionPages['dashboard-access'].path))).toBe(false);
    expect(everything.some((i) => i.to.startsWith(sectionPages['dashboard-access'].path))).toBe(true);
  });
});

describe('the command palette: ranking', () => {
  it('puts titles that start with the letters first, then a word of the title that does, then the rest', () => {
    const found = titles('web');
    expect(found[0]).toBe('Webhook URL');
    expect(found[1]).toBe('Anti Webhook');
    expect(found.indexOf('Can manage webhooks')).toBeGreaterThan(1);
  });

  it('finds by description and by where a field sits, every word needed', () => {
    // "mass bans" is in Anti Ban's description only.
    expect(titles('mass bans')).toContain('Anti Ban');
    expect(titles('protection ban')).toEqual(expect.arrayContaining(['Anti Ban', 'Anti Ban punishment']));
    expect(titles('zzzz')).toEqual([]);
  });

  it('lists the pages when nothing is typed, and at most MAX_RESULTS items', () => {
    expect(searchPalette(everything, '  ').every((i) => i.kind === 'page')).toBe(true);
    expect(searchPalette(everything, 'e').length).toBe(MAX_RESULTS);
  });
});

describe('a field named in the address', () => {
  it("is a JSON Pointer whose control is RJSF's id, up to a list's item", () => {
    expect(fieldAddress('antinuke', '/modules/anti_ban')).toBe('antinuke?field=%2Fmodules%2Fanti_ban');
    expect(fieldId('antinuke', '/modules/anti_ban')).toBe('antinuke_modules_anti_ban');
    expect(pointerTokens('/roles/-/level')).toEqual(['roles']);
    expect(pointerTokens('/a~1b/c~0d')).toEqual(['a/b', 'c~d']);
    expect(topProperty('/modules/anti_ban')).toBe('modules');
  });

  it('sits in the outermost x-ui group on its way from the root: the tab its page opens', () => {
    expect(groupOfField(uiSchemas.antinuke, '/modules/anti_ban')).toBe('protection');
    expect(groupOfField(uiSchemas.greeting, '/welcome/embed/author/iconURL')).toBe('embed');
    expect(groupOfField(uiSchemas.greeting, '/farewell/channel')).toBe('message');
    expect(groupOfField(uiSchemas.basic, '/prefix')).toBeUndefined();
  });
});
