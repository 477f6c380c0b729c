// The builder's rules as its reducer holds them (1 to 10 embeds, the selection, fields), whatever the buttons allow,
// and the sidebar's premium flag for the page, read from the plans data.
import { planCatalog } from '@guildhall/generated/plans';
import { describe, expect, it } from 'vitest';
import { MANAGE_MENU, sidebarPremium } from '../src/layouts/manage-menu';
import { builderReducer, emptyEmbed, initialState, LIMITS, type BuilderState } from '../src/pages/manage/embed-builder/model';

const withEmbeds = (n: number, active = 0): BuilderState => ({
  content: '',
  embeds: Array.from({ length: n }, () => emptyEmbed()),
  active,
});

describe('Embed builder rules', () => {
  it("reads Discord's limits from the schemas", () => {
    expect(LIMITS).toEqual({
      content: 2000,
      embeds: 10,
      title: 256,
      description: 4096,
      authorName: 256,
      fields: 25,
      fieldName: 256,
      fieldValue: 1024,
      footer: 2048,
    });
  });

  it('refuses an 11th embed and removing the last one', () => {
    const ten = withEmbeds(10, 3);
    expect(builderReducer(ten, { type: 'add-embed' })).toBe(ten);
    const one = withEmbeds(1);
    expect(builderReducer(one, { type: 'remove-embed', index: 0 })).toBe(one);
  });

  it('moves the selection to the previous embed when the selected one (or one before it) is removed', () => {
    expect(builderReducer(withEmbeds(4, 2), { type: 'remove-embed', index: 2 }).active).toBe(1);
    expect(builderReducer(withEmbeds(4, 2), { type: 'remove-embed', index: 0 }).active).toBe(1);
    expect(builderReducer(withEmbeds(4, 2), { type: 'remove-embed', index: 3 }).active).toBe(2);
    expect(builderReducer(withEmbeds(4, 0), { type: 'remove-embed', index: 0 }).active).toBe(0);
  });

  it('refuses a 26th field and a field with a blank name or value', () => {
    let state = withEmbeds(1);
    const field = { name: 'n', value: 'v', inline: false };
    for (let i = 0; i < 25; i++) state = builderReducer(state, { type: 'add-field', field });
    expect(state.embeds[0]!.fields).toHaveLength(25);
    expect(builderReducer(state, { type: 'add-field', field })).toBe(state);
    const empty = withEmbeds(1);
    expect(builderReducer(empty, { type: 'add-field', field: { name: ' ', value: 'v', inline: false } })).toBe(empty);
    expect(builderReducer(empty, { type: 'add-field', field: { name: 'n', value: '\n', inline: false } })).toBe(empty);
  });

  it('changes only the embed being edited, so the other previews keep their identity', () => {
    const start = initialState();
    const next = builderReducer(start, { type: 'set', path: 'author.name', value: 'New' });
    expect(next.embeds[0]!.author!.name).toBe('New');
    expect(next.embeds[0]!.author!.icon_url).toBe(start.embeds[0]!.author!.icon_url);
    expect(next.embeds[1]).toBe(start.embeds[1]);
  });
});

describe('Embeds Configuration in the sidebar', () => {
  const item = () => MANAGE_MENU.flatMap((g) => g.items).find((i) => i.path === 'embeds')!;

  it('takes its premium flag from the plans data (Custom Embeds: premium since it can be bought, issue 13)', () => {
    const entry = planCatalog.premiumFeatures!.find((f) => f.path === 'embeds')!;
    expect(entry.feature).toBe('Custom Embeds');
    expect(item().name).toBe('Embeds Configuration');
    expect(item().premium).toBe(entry.sidebarPremium);
    expect(item().premium).toBe(true);
  });

  it('follows the data when it changes', () => {
    const flagged = { premiumFeatures: [{ feature: 'Custom Embeds', path: 'embeds', sidebarPremium: true }] };
    expect(sidebarPremium('embeds', flagged)).toBe(true);
    expect(sidebarPremium('embeds', { premiumFeatures: [] })).toBe(false);
    expect(sidebarPremium('nowhere')).toBe(false);
  });
});
