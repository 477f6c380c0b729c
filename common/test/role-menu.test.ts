// A role menu's rules: the decision of what a member's choice changes (every mode, every kind of choice, the required and
// excluded roles, the limit, the reply in the schema's words), the message Deploy posts, and the custom_ids and emojis.
import { validateWith } from '@guildhall/generated/field-errors';
import { fillRefusal, refusals } from '@guildhall/generated/refusals';
import { publishedSchemas } from '@guildhall/generated/schemas';
import type { RoleMenu } from '@guildhall/generated/types';
import { validateRoleMenu } from '@guildhall/generated/validators';
import { describe, expect, it } from 'vitest';
import {
  componentEmoji,
  decideRoleChange,
  parseRoleMenuCustomId,
  reactionPathEmoji,
  roleMenuCustomId,
  roleMenuMessage,
  roleMenuReactions,
  selectBounds,
  type RoleChange,
  type RoleMenuChoice,
} from '../src/role-menu.js';

const CHANNEL = '1100000000000010106';
// The menu's three roles, and roles it does not offer: one every member holds, one required, two excluded.
const A = '1100000000000010205';
const B = '1100000000000010204';
const C = '1100000000000010203';
const OTHER = '1100000000000010201';
const REQUIRED = '1100000000000010202';
const EXCLUDED = '1100000000000010206';
const EXCLUDED_TOO = '1100000000000010207';
// A's emoji is Unicode; B's and C's are the guild's custom emojis, C's animated.
const WAVE_ID = '1100000000000010301';
const PARROT_ID = '1100000000000010302';
const UNKNOWN_EMOJI_ID = '1100000000000010309';
const WAVE = `<:guildhall_wave:${WAVE_ID}>`;
const PARROT = `<a:party_parrot:${PARROT_ID}>`;
const MENU_ID = '6f1c2a9e-3b7d-4f0a-9c55-2d8e1b7a4c10';

const OPTIONS = [
  { role_id: A, label: 'Regular', emoji: '🟢', description: 'Hangs around', style: 'success', row: 1 },
  { role_id: B, label: 'Event Host', emoji: WAVE, style: 'primary', row: 1 },
  { role_id: C, label: 'Moderator', emoji: PARROT, style: 'danger', row: 2 },
];
type Kind = RoleMenu['kind'];
type Mode = RoleMenu['mode'];

/** A menu as the server holds it: what an admin saved, validated by the schema, its defaults filled in. */
function menu(item: Record<string, unknown> = {}): RoleMenu {
  const result = validateWith(validateRoleMenu, { title: 'Pick your roles', channel_id: CHANNEL, options: OPTIONS, ...item });
  if (!result.ok) throw new Error(JSON.stringify(result.fieldErrors));
  return result.value;
}

const mention = (...ids: string[]) => ids.map((id) => `<@&${id}>`).join(', ');
const added = (...ids: string[]) => fillRefusal(refusals.roleMenuAdded, { roles: mention(...ids) });
const removed = (...ids: string[]) => fillRefusal(refusals.roleMenuRemoved, { roles: mention(...ids) });
const swapped = (add: string[], remove: string[]) =>
  fillRefusal(refusals.roleMenuAddedRemoved, { added: mention(...add), removed: mention(...remove) });
const UNCHANGED = refusals.roleMenuUnchanged;

const button = (roleId: string): RoleMenuChoice => ({ type: 'button', roleId });
const reactionAdd = (emoji: string): RoleMenuChoice => ({ type: 'reaction-add', emoji });
const reactionRemove = (emoji: string): RoleMenuChoice => ({ type: 'reaction-remove', emoji });
const select = (...roleIds: string[]): RoleMenuChoice => ({ type: 'select', roleIds });
const kindOf = (choice: RoleMenuChoice): Kind => (choice.type === 'button' ? 'buttons' : choice.type === 'select' ? 'select' : 'reactions');

const change = (add: string[], remove: string[], reply: string | null, refused = false): RoleChange => ({ add, remove, reply, refused });

/** What a member holding OTHER and A does on a menu of each mode (limit 2), and what it changes. */
const HOLDS_A = [OTHER, A];
const MODE_TABLE: [Mode, string, RoleMenuChoice, RoleChange][] = [
  ['toggle', 'a button of a role not held', button(B), change([B], [], added(B))],
  ['toggle', 'the button of a role held', button(A), change([], [A], removed(A))],
  ['toggle', 'a reaction added', reactionAdd(WAVE), change([B], [], added(B))],
  ['toggle', 'the reaction of a role held added again', reactionAdd('🟢'), change([], [], UNCHANGED)],
  ['toggle', 'the reaction of a role held removed', reactionRemove('🟢'), change([], [A], removed(A))],
  ['toggle', 'the reaction of a role not held removed', reactionRemove(WAVE), change([], [], UNCHANGED)],
  ['toggle', 'the select with no option', select(), change([], [A], removed(A))],
  ['toggle', 'the select with one option', select(B), change([B], [A], swapped([B], [A]))],
  ['toggle', 'the select with several options', select(B, C), change([B, C], [A], swapped([B, C], [A]))],
  ['toggle', 'the select with the role held among several', select(A, C), change([C], [], added(C))],

  ['unique', 'a button of a role not held takes the menu’s others', button(B), change([B], [A], swapped([B], [A]))],
  ['unique', 'the button of a role held', button(A), change([], [A], removed(A))],
  ['unique', 'a reaction added', reactionAdd(PARROT), change([C], [A], swapped([C], [A]))],
  ['unique', 'the reaction of a role held removed', reactionRemove('🟢'), change([], [A], removed(A))],
  ['unique', 'the reaction of a role not held removed', reactionRemove(WAVE), change([], [], UNCHANGED)],
  ['unique', 'the select with no option', select(), change([], [A], removed(A))],
  ['unique', 'the select with one option', select(C), change([C], [A], swapped([C], [A]))],
  ['unique', 'the select with several options keeps the menu’s first', select(C, B), change([B], [A], swapped([B], [A]))],

  ['verify', 'a button of a role not held', button(B), change([B], [], added(B))],
  ['verify', 'the button of a role held takes nothing', button(A), change([], [], UNCHANGED)],
  ['verify', 'a reaction added', reactionAdd(WAVE), change([B], [], added(B))],
  ['verify', 'the reaction of a role held removed takes nothing', reactionRemove('🟢'), change([], [], UNCHANGED)],
  ['verify', 'the reaction of a role not held removed', reactionRemove(PARROT), change([], [], UNCHANGED)],
  ['verify', 'the select with no option takes nothing', select(), change([], [], UNCHANGED)],
  ['verify', 'the select with one option', select(B), change([B], [], added(B))],
  ['verify', 'the select with several options', select(B, C), change([B, C], [], added(B, C))],

  ['remove', 'a button of a role not held gives nothing', button(B), change([], [], UNCHANGED)],
  ['remove', 'the button of a role held', button(A), change([], [A], removed(A))],
  ['remove', 'a reaction of a role not held added gives nothing', reactionAdd(WAVE), change([], [], UNCHANGED)],
  ['remove', 'the reaction of a role held added takes it', reactionAdd('🟢'), change([], [A], removed(A))],
  ['remove', 'the reaction of a role held removed gives nothing back', reactionRemove('🟢'), change([], [], UNCHANGED)],
  ['remove', 'the reaction of a role not held removed', reactionRemove(WAVE), change([], [], UNCHANGED)],
  ['remove', 'the select with no option', select(), change([], [], UNCHANGED)],
  ['remove', 'the select with one option not held', select(B), change([], [], UNCHANGED)],
  ['remove', 'the select with several options takes those held', select(A, B), change([], [A], removed(A))],

  ['limit', 'a button of a role not held, under the limit', button(B), change([B], [], added(B))],
  ['limit', 'the button of a role held', button(A), change([], [A], removed(A))],
  ['limit', 'a reaction added, under the limit', reactionAdd(PARROT), change([C], [], added(C))],
  ['limit', 'the reaction of a role held removed', reactionRemove('🟢'), change([], [A], removed(A))],
  ['limit', 'the reaction of a role not held removed', reactionRemove(WAVE), change([], [], UNCHANGED)],
  ['limit', 'the select with no option', select(), change([], [A], removed(A))],
  ['limit', 'the select with one option', select(B), change([B], [A], swapped([B], [A]))],
  ['limit', 'the select with as many options as the limit', select(B, C), change([B, C], [A], swapped([B, C], [A]))],
];

describe('decideRoleChange: every mode, every kind of choice', () => {
  it.each(MODE_TABLE)('%s: %s', (mode, _what, choice, expected) => {
    const decided = decideRoleChange(menu({ mode, limit: 2, kind: kindOf(choice) }), HOLDS_A, choice);
    expect(decided).toEqual(expected);
  });

  it.each(MODE_TABLE)('%s: %s, with the reply off: the same change and no reply', (mode, _what, choice, expected) => {
    const decided = decideRoleChange(menu({ mode, limit: 2, kind: kindOf(choice), reply: false }), HOLDS_A, choice);
    expect(decided).toEqual({ ...expected, reply: null });
  });

  it('covers every mode of the schema and every kind of choice in each', () => {
    const modes = (publishedSchemas['role-menu'].properties as { mode: { enum: Mode[] } }).mode.enum;
    for (const mode of modes) {
      const rows = MODE_TABLE.filter(([m]) => m === mode).map(([, , choice]) => choice);
      expect({ mode, types: [...new Set(rows.map((choice) => choice.type))].sort() }).toEqual({
        mode,
        types: ['button', 'reaction-add', 'reaction-remove', 'select'],
      });
    }
  });

  it('never adds or removes a role the menu does not offer', () => {
    const offered = OPTIONS.map((option) => option.role_id);
    for (const [mode, what, choice] of MODE_TABLE) {
      const holds = [OTHER, REQUIRED, A, B, C];
      const { add, remove } = decideRoleChange(menu({ mode, limit: 3, kind: kindOf(choice) }), holds, choice);
      expect({ mode, what, outside: [...add, ...remove].filter((id) => !offered.includes(id)) }).toEqual({ mode, what, outside: [] });
    }
  });
});

describe('decideRoleChange: the limit', () => {
  const limited = (kind: Kind, limit = 2) => menu({ mode: 'limit', limit, kind });
  const REFUSED = change([], [], fillRefusal(refusals.roleMenuLimit, { limit: 2 }), true);

  it('refuses one role more than the limit, by button, reaction or select, and names the limit', () => {
    expect(decideRoleChange(limited('buttons'), [A, B], button(C))).toEqual(REFUSED);
    expect(decideRoleChange(limited('reactions'), [A, B], reactionAdd(PARROT))).toEqual(REFUSED);
    expect(decideRoleChange(limited('select'), [], select(A, B, C))).toEqual(REFUSED);
    expect(decideRoleChange(limited('buttons', 1), [OTHER, A], button(C))).toEqual(
      change([], [], fillRefusal(refusals.roleMenuLimit, { limit: 1 }), true),
    );
  });

  it('gives a role up to the limit, and still takes one back at it', () => {
    expect(decideRoleChange(limited('buttons', 3), [A, B], button(C))).toEqual(change([C], [], added(C)));
    expect(decideRoleChange(limited('buttons'), [A, B], button(A))).toEqual(change([], [A], removed(A)));
    expect(decideRoleChange(limited('reactions'), [A, B], reactionAdd(WAVE))).toEqual(change([], [], UNCHANGED));
    expect(decideRoleChange(limited('select', 1), [A], select(B))).toEqual(change([B], [A], swapped([B], [A])));
  });

  it('counts only the menu’s roles towards the limit', () => {
    expect(decideRoleChange(limited('buttons', 1), [OTHER, REQUIRED], button(A))).toEqual(change([A], [], added(A)));
  });
});

describe('decideRoleChange: required and excluded roles', () => {
  it('refuses a member with none of the required roles, naming them', () => {
    const gated = menu({ kind: 'buttons', required_roles: [REQUIRED, OTHER] });
    expect(decideRoleChange(gated, [A], button(B))).toEqual(
      change([], [], fillRefusal(refusals.roleMenuRequired, { roles: mention(REQUIRED, OTHER) }), true),
    );
  });

  it('lets a member with one of the required roles use the menu', () => {
    const gated = menu({ kind: 'buttons', required_roles: [REQUIRED, OTHER] });
    expect(decideRoleChange(gated, [OTHER], button(B))).toEqual(change([B], [], added(B)));
    expect(decideRoleChange(menu({ kind: 'buttons', required_roles: [] }), [], button(B))).toEqual(change([B], [], added(B)));
  });

  it('refuses a member with an excluded role, naming the excluded roles they hold', () => {
    const barred = menu({ kind: 'select', excluded_roles: [EXCLUDED, EXCLUDED_TOO] });
    expect(decideRoleChange(barred, [A, EXCLUDED_TOO], select(B))).toEqual(
      change([], [], fillRefusal(refusals.roleMenuExcluded, { roles: mention(EXCLUDED_TOO) }), true),
    );
    expect(decideRoleChange(barred, [EXCLUDED, EXCLUDED_TOO], select())).toEqual(
      change([], [], fillRefusal(refusals.roleMenuExcluded, { roles: mention(EXCLUDED, EXCLUDED_TOO) }), true),
    );
    expect(decideRoleChange(barred, [A], select(B))).toEqual(change([B], [A], swapped([B], [A])));
  });

  it('an excluded role wins over a required one held, and neither says anything with the reply off', () => {
    const both = { kind: 'buttons', required_roles: [REQUIRED], excluded_roles: [EXCLUDED] };
    expect(decideRoleChange(menu(both), [REQUIRED, EXCLUDED], button(A))).toEqual(
      change([], [], fillRefusal(refusals.roleMenuExcluded, { roles: mention(EXCLUDED) }), true),
    );
    expect(decideRoleChange(menu({ ...both, reply: false }), [REQUIRED, EXCLUDED], button(A))).toEqual(change([], [], null, true));
    expect(decideRoleChange(menu({ ...both, reply: false }), [], button(A))).toEqual(change([], [], null, true));
  });
});

describe('decideRoleChange: what the menu does not offer', () => {
  const REFUSED = change([], [], UNCHANGED, true);

  it('refuses a button of a role that is not an option', () => {
    expect(decideRoleChange(menu({ kind: 'buttons' }), [OTHER], button(OTHER))).toEqual(REFUSED);
    expect(decideRoleChange(menu({ kind: 'buttons', reply: false }), [], button(REQUIRED))).toEqual(change([], [], null, true));
  });

  it('refuses a reaction whose emoji is no option’s', () => {
    expect(decideRoleChange(menu({ kind: 'reactions' }), [A], reactionAdd('🔴'))).toEqual(REFUSED);
    expect(decideRoleChange(menu({ kind: 'reactions' }), [A], reactionRemove(`<:other:${UNKNOWN_EMOJI_ID}>`))).toEqual(REFUSED);
  });

  it('leaves out a select value that is not an option, and applies the rest', () => {
    expect(decideRoleChange(menu({ kind: 'select' }), [A], select(B, OTHER))).toEqual(change([B], [A], swapped([B], [A])));
    expect(decideRoleChange(menu({ kind: 'select', mode: 'limit', limit: 1 }), [], select(B, OTHER, REQUIRED))).toEqual(
      change([B], [], added(B)),
    );
  });

  it('refuses a choice the menu’s kind does not offer (a reaction under a button menu, a stale button)', () => {
    expect(decideRoleChange(menu({ kind: 'buttons' }), [], reactionAdd('🟢'))).toEqual(REFUSED);
    expect(decideRoleChange(menu({ kind: 'reactions' }), [A], button(A))).toEqual(REFUSED);
    expect(decideRoleChange(menu({ kind: 'buttons' }), [A], select())).toEqual(REFUSED);
    expect(decideRoleChange(menu({ kind: 'select' }), [], button(B))).toEqual(REFUSED);
  });

  it('gives nothing from a menu without options', () => {
    expect(decideRoleChange(menu({ kind: 'buttons', options: [] }), [A], button(A))).toEqual(REFUSED);
    expect(decideRoleChange(menu({ kind: 'select', options: [] }), [A], select(A))).toEqual(change([], [], UNCHANGED));
  });
});

describe('decideRoleChange: a reaction’s emoji in any of Discord’s forms', () => {
  const reactions = menu({ kind: 'reactions' });
  it.each([
    ['a Unicode emoji as is', '🟢', A],
    ['a custom emoji as a message writes it', WAVE, B],
    ['a custom emoji as the reaction routes name it', `guildhall_wave:${WAVE_ID}`, B],
    ['a custom emoji renamed since the menu was saved', `<:hello_wave:${WAVE_ID}>`, B],
    ['an animated emoji as a message writes it', PARROT, C],
    ['an animated emoji as the reaction routes name it', `party_parrot:${PARROT_ID}`, C],
    ['an animated emoji with its a: prefix', `a:party_parrot:${PARROT_ID}`, C],
  ])('%s', (_what, emoji, role) => {
    expect(decideRoleChange(reactions, [], reactionAdd(emoji))).toEqual(change([role], [], added(role)));
  });
});

describe('the reply’s words are the schema’s', () => {
  it('takes every reply from the role menu schema’s x-refusals', () => {
    const declared = (publishedSchemas['role-menu'] as { 'x-refusals': Record<string, string> })['x-refusals'];
    for (const name of [
      'roleMenuAdded',
      'roleMenuRemoved',
      'roleMenuAddedRemoved',
      'roleMenuUnchanged',
      'roleMenuLimit',
      'roleMenuRequired',
      'roleMenuExcluded',
    ] as const)
      expect(declared[name]).toBe(refusals[name]);
    expect(decideRoleChange(menu({ kind: 'buttons' }), [A], button(B)).reply).toBe(declared.roleMenuAdded!.replace('{roles}', `<@&${B}>`));
  });
});

describe('roleMenuMessage: what Deploy posts', () => {
  it('puts the buttons in their rows, in order, with Discord’s styles, custom_ids and emojis', () => {
    const options = [
      { role_id: C, label: 'Moderator', emoji: PARROT, style: 'danger', row: 3 },
      { role_id: A, label: 'Regular', emoji: '🟢', style: 'success', row: 1 },
      { role_id: B, label: 'Event Host', emoji: WAVE, style: 'primary', row: 1 },
      { role_id: OTHER, label: 'Plain', emoji: '', style: 'secondary', row: 3 },
    ];
    const message = roleMenuMessage(menu({ kind: 'buttons', options }), MENU_ID);
    expect(message.components).toEqual([
      {
        type: 1,
        components: [
          { type: 2, style: 3, custom_id: `rolemenu:${MENU_ID}:${A}`, label: 'Regular', emoji: { name: '🟢' } },
          { type: 2, style: 1, custom_id: `rolemenu:${MENU_ID}:${B}`, label: 'Event Host', emoji: { name: 'guildhall_wave', id: WAVE_ID } },
        ],
      },
      {
        type: 1,
        components: [
          {
            type: 2,
            style: 4,
            custom_id: `rolemenu:${MENU_ID}:${C}`,
            label: 'Moderator',
            emoji: { name: 'party_parrot', id: PARROT_ID, animated: true },
          },
          { type: 2, style: 2, custom_id: `rolemenu:${MENU_ID}:${OTHER}`, label: 'Plain' },
        ],
      },
    ]);
    expect(message.allowed_mentions).toEqual({ parse: [] });
    expect(roleMenuReactions(menu({ kind: 'buttons' }))).toEqual([]);
  });

  it('draws a draft’s button without a label as an emoji alone (the preview draws drafts the schema still refuses)', () => {
    const draft = { ...menu({ kind: 'buttons' }), options: [{ ...menu().options[0]!, label: '' }] };
    expect(roleMenuMessage(draft, MENU_ID).components[0]!.components).toEqual([
      { type: 2, style: 3, custom_id: `rolemenu:${MENU_ID}:${A}`, emoji: { name: '🟢' } },
    ]);
  });

  it('posts the select with its options, placeholder and bounds clamped to the options it has', () => {
    const message = roleMenuMessage(menu({ kind: 'select', min_values: 5, max_values: 25, placeholder: 'Choose' }), MENU_ID);
    expect(message.components).toEqual([
      {
        type: 1,
        components: [
          {
            type: 3,
            custom_id: `rolemenu:${MENU_ID}`,
            placeholder: 'Choose',
            min_values: 3,
            max_values: 3,
            options: [
              { label: 'Regular', value: A, description: 'Hangs around', emoji: { name: '🟢' } },
              { label: 'Event Host', value: B, emoji: { name: 'guildhall_wave', id: WAVE_ID } },
              { label: 'Moderator', value: C, emoji: { name: 'party_parrot', id: PARROT_ID, animated: true } },
            ],
          },
        ],
      },
    ]);
    const select = (item: Record<string, unknown>) =>
      roleMenuMessage(menu({ kind: 'select', ...item }), MENU_ID).components[0]!.components[0]!;
    expect(select({ min_values: 0, max_values: 2, placeholder: '' })).toMatchObject({ min_values: 0, max_values: 2 });
    expect(select({ placeholder: '' })).not.toHaveProperty('placeholder');
  });

  it('lets a unique menu’s select take one option, and a limit menu’s at most its limit', () => {
    const bounds = (item: Record<string, unknown>) => selectBounds(menu({ kind: 'select', ...item }));
    expect(bounds({ mode: 'unique', min_values: 2, max_values: 3 })).toEqual({ min: 1, max: 1 });
    expect(bounds({ mode: 'unique', min_values: 0 })).toEqual({ min: 0, max: 1 });
    expect(bounds({ mode: 'limit', limit: 2, min_values: 3, max_values: 3 })).toEqual({ min: 2, max: 2 });
    expect(bounds({ mode: 'limit', limit: 5, max_values: 2 })).toEqual({ min: 0, max: 2 });
    expect(bounds({ mode: 'toggle', min_values: 1, max_values: 2 })).toEqual({ min: 1, max: 2 });
    expect(bounds({ mode: 'verify', options: [OPTIONS[0]] })).toEqual({ min: 0, max: 1 });
  });

  it('posts a reaction menu without components; the bot adds the reactions, in the options’ order', () => {
    const reactions = menu({ kind: 'reactions' });
    expect(roleMenuMessage(reactions, MENU_ID).components).toEqual([]);
    expect(roleMenuReactions(reactions)).toEqual(['🟢', `guildhall_wave:${WAVE_ID}`, `party_parrot:${PARROT_ID}`]);
  });

  it('posts no select for a select menu without options', () => {
    expect(roleMenuMessage(menu({ kind: 'select', options: [] }), MENU_ID).components).toEqual([]);
  });

  it('keeps the content as written, leaves out blank content and an embed with nothing to show', () => {
    const full = roleMenuMessage(menu({ content: ' Pick below, @everyone ' }), MENU_ID);
    expect(full.content).toBe(' Pick below, @everyone ');
    expect(full.embeds).toEqual([
      { title: 'Pick your roles', description: 'Choose below to get a role; choose again to give it back.', color: 0x068add },
    ]);
    expect(full.allowed_mentions).toEqual({ parse: [] });
    const bare = roleMenuMessage(menu({ content: '  ', embed: { title: '', description: '', color: '#FF0000' } }), MENU_ID);
    expect(bare).not.toHaveProperty('content');
    expect(bare.embeds).toEqual([]);
    const footed = roleMenuMessage(menu({ embed: { footer: { text: 'Roles' } } }), MENU_ID);
    expect(footed.embeds).toEqual([{ footer: { text: 'Roles' } }]);
  });
});

describe('custom_ids: a role menu’s own, and no one else’s', () => {
  it('round-trips a button’s menu and role, and the select’s menu', () => {
    expect(roleMenuCustomId(MENU_ID, B)).toBe(`rolemenu:${MENU_ID}:${B}`);
    expect(parseRoleMenuCustomId(roleMenuCustomId(MENU_ID, B))).toEqual({ menuId: MENU_ID, roleId: B });
    expect(parseRoleMenuCustomId(roleMenuCustomId(MENU_ID))).toEqual({ menuId: MENU_ID });
    expect(parseRoleMenuCustomId(roleMenuCustomId(MENU_ID))).not.toHaveProperty('roleId');
  });

  it.each(['ticket-panel:abc', 'ticket-close', 'rolemenu:', 'rolemenu::' + B, `rolemenu:${MENU_ID}:`, 'rolemenu:a:b:c', 'Rolemenu:a', ''])(
    'refuses %j',
    (customId) => {
      expect(parseRoleMenuCustomId(customId)).toBeNull();
    },
  );
});

describe('emojis as Discord takes them', () => {
  it('as a component’s emoji', () => {
    expect(componentEmoji('🟢')).toEqual({ name: '🟢' });
    expect(componentEmoji('👍🏽')).toEqual({ name: '👍🏽' });
    expect(componentEmoji(WAVE)).toEqual({ name: 'guildhall_wave', id: WAVE_ID });
    expect(componentEmoji(PARROT)).toEqual({ name: 'party_parrot', id: PARROT_ID, animated: true });
    expect(componentEmoji('')).toBeUndefined();
  });

  it('as the reaction routes name it', () => {
    expect(reactionPathEmoji('🟢')).toBe('🟢');
    expect(reactionPathEmoji(WAVE)).toBe(`guildhall_wave:${WAVE_ID}`);
    expect(reactionPathEmoji(PARROT)).toBe(`party_parrot:${PARROT_ID}`);
  });
});
