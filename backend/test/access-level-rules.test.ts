// The access-level rules (guild/access-levels.ts) asked directly: which level a caller is on, and the words of each
// refusal, on AntiNuke's row of the sections table and on a made-up row whose gaps (a level without view, a capability
// without its own refusal) AntiNuke's does not have. Over HTTP, access-levels.test.ts shows them in use (issue 34).
import { sections, type SectionDefinition } from '@guildhall/generated/sections';
import { describe, expect, it } from 'vitest';
import { accessOf, assertCapability, assertMayChange } from '../src/guild/access-levels.js';
import { ApiError } from '../src/http/api-error.js';

const antinuke = sections.antinuke as SectionDefinition;
const OWNER = { userId: '1', guildOwner: true };
const EXTRA = { userId: '2', guildOwner: false };
const LISTED = { userId: '3', guildOwner: false };
const STRANGER = { userId: '4', guildOwner: false };
const stored = { extraowners: ['2'], whitelist: ['2', '3'] };

/** A row with a level that may not view, and a capability `publish` with no refusal of its own. */
const madeUp = {
  name: 'made-up',
  propertyAccess: { title: 'edit', channel: 'publish' },
  access: {
    levels: [
      { name: 'editor', label: 'Editor', message: 'You edit.', who: { listedIn: '/editors' }, capabilities: ['view', 'edit'] },
      { name: 'blind', label: 'Blind', message: 'You may not look.', who: { listedIn: '/blind' }, capabilities: [] },
    ],
    none: { label: 'Nobody', message: 'Only editors may open this.' },
    denied: { edit: 'Only editors may edit.' },
  },
} as unknown as SectionDefinition;

/** The refusal thrown, as status and message. */
function refusal(run: () => void): { status: number; message: string; fieldErrors?: unknown } | null {
  try {
    run();
    return null;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const body = err.getResponse() as { error: string; fieldErrors?: unknown };
    return { status: err.getStatus(), message: body.error, ...(body.fieldErrors ? { fieldErrors: body.fieldErrors } : {}) };
  }
}

describe('access levels: the first level whose `who` matches, from Discord and the stored document', () => {
  it('puts each caller on their level, the first that matches winning, and a stranger on none', () => {
    expect(accessOf(antinuke, OWNER, stored).level).toBe('owner');
    // Listed as extra owner and whitelisted: the higher level, first in the row.
    expect(accessOf(antinuke, EXTRA, stored).level).toBe('extra_owner');
    expect(accessOf(antinuke, LISTED, stored).level).toBe('whitelist');
    const none = accessOf(antinuke, STRANGER, stored);
    expect(none).toMatchObject({ level: 'none', label: 'No Access', message: antinuke.access!.none.message });
    expect(Object.values(none.capabilities).every((granted) => granted === false)).toBe(true);
    // A list that is not a list grants nothing.
    expect(accessOf(antinuke, LISTED, { whitelist: '3' }).level).toBe('none');
  });

  it('refuses a section without levels as a programming error', () => {
    expect(() => accessOf(sections.basic as SectionDefinition, OWNER, {})).toThrow('section basic has no access levels');
  });

  it("refuses with the section's words: no level or no view says who may open it; a missing capability says its own refusal", () => {
    const check = (caller: typeof OWNER, capability: string, def = antinuke, data: Record<string, unknown> = stored) =>
      refusal(() => assertCapability(def, accessOf(def, caller, data), capability));
    expect(check(OWNER, 'manageExtraOwners')).toBeNull();
    expect(check(STRANGER, 'editSettings')).toEqual({ status: 403, message: `Access denied: ${antinuke.access!.none.message}` });
    expect(check(STRANGER, 'view')).toEqual({ status: 403, message: `Access denied: ${antinuke.access!.none.message}` });
    expect(check(LISTED, 'view')).toBeNull();
    expect(check(LISTED, 'editSettings')).toEqual({ status: 403, message: 'You do not have permission to modify antinuke settings.' });
    expect(check(EXTRA, 'manageExtraOwners')).toEqual({ status: 403, message: 'Only the guild owner can manage extra owners' });
    // On a level that may not view: refused as if on none.
    expect(check(STRANGER, 'view', madeUp, { blind: ['4'] })).toEqual({
      status: 403,
      message: 'Access denied: Only editors may open this.',
    });
    // A capability without a refusal of its own: the caller's level speaks.
    expect(check(STRANGER, 'publish', madeUp, { editors: ['4'] })).toEqual({ status: 403, message: 'Access denied: You edit.' });
  });

  it('refuses a save that changes what the level does not cover, at its path; unchanged values need nothing', () => {
    const editor = accessOf(madeUp, STRANGER, { editors: ['4'] });
    expect(refusal(() => assertMayChange(madeUp, editor, { title: 'a', channel: '1' }, { title: 'b', channel: '1' }))).toBeNull();
    expect(refusal(() => assertMayChange(madeUp, editor, { title: 'a', channel: '1' }, { title: 'a', channel: '2' }))).toEqual({
      status: 403,
      message: 'Access denied: You edit.',
      fieldErrors: [{ path: '/settings/channel', message: 'Access denied: You edit.' }],
    });
    // A level that may change nothing may not save at all, not even the same values.
    const blind = accessOf(madeUp, STRANGER, { blind: ['4'] });
    expect(refusal(() => assertMayChange(madeUp, blind, { title: 'a' }, { title: 'a' }))).toEqual({
      status: 403,
      message: 'Only editors may edit.',
    });
    // ...and when the first property's capability has no refusal of its own, the caller's level speaks.
    const publishFirst = { ...madeUp, propertyAccess: { channel: 'publish', title: 'edit' } } as SectionDefinition;
    expect(refusal(() => assertMayChange(publishFirst, accessOf(publishFirst, STRANGER, { blind: ['4'] }), {}, {}))).toEqual({
      status: 403,
      message: 'Access denied: You may not look.',
    });
    const whitelisted = accessOf(antinuke, LISTED, stored);
    expect(refusal(() => assertMayChange(antinuke, whitelisted, {}, {}))).toEqual({
      status: 403,
      message: 'You do not have permission to modify antinuke settings.',
    });
  });
});
