// A role menu's rules, once: the message the bot posts for it (every preview draws the same) and the decision of what a
// member's choice changes. The dashboard previews with it, the server deploys with it, and the bot API's `choose`
// answers with it, so a bot in any language applies exactly the dashboard's rules.
import type { RoleMenu, RoleMenuChoice as GeneratedRoleMenuChoice, RoleMenuChooseResponse } from '@guildhall/generated/types';
import { fillRefusal, refusals } from '@guildhall/generated/refusals';
import { toApiEmbed, type ApiEmbed } from './embed-message.js';

/**
 * What a member did: clicked a button, added or removed a reaction, or submitted the select menu. The bot API's
 * request declares it (schemas/api/role-menu-choose-request.json).
 */
export type RoleMenuChoice = GeneratedRoleMenuChoice;

/**
 * The decision: role ids to add and to remove, the private reply (null when the menu's `reply` is off), and whether a
 * rule said no (excluded, not required, over the limit, an option the menu does not have). The bot API's answer
 * without its `success` (schemas/api/role-menu-choose-response.json).
 */
export type RoleChange = Omit<RoleMenuChooseResponse, 'success'>;

/** The menu fields the decision and the message read (the server-owned ones change neither). */
export type RoleMenuContent = Omit<RoleMenu, 'message_id' | 'deployed' | 'created_at' | 'updated_at'>;
type Option = RoleMenu['options'][number];

/** Discord's button styles by the schema's names. */
const BUTTON_STYLES: Record<Option['style'], 1 | 2 | 3 | 4> = { primary: 1, secondary: 2, success: 3, danger: 4 };

/** Every custom_id of a role menu starts so; the menu's id follows, then a button's role. */
export const ROLE_MENU_PREFIX = 'rolemenu:';

/** custom_id of a button (`rolemenu:<menuId>:<roleId>`) or of the menu's select (`rolemenu:<menuId>`). */
export function roleMenuCustomId(menuId: string, roleId?: string): string {
  return roleId === undefined ? `${ROLE_MENU_PREFIX}${menuId}` : `${ROLE_MENU_PREFIX}${menuId}:${roleId}`;
}

/** The menu (and a button's role) a custom_id names, or null when it is not a role menu's. */
export function parseRoleMenuCustomId(customId: string): { menuId: string; roleId?: string } | null {
  if (!customId.startsWith(ROLE_MENU_PREFIX)) return null;
  const [menuId, roleId, ...rest] = customId.slice(ROLE_MENU_PREFIX.length).split(':');
  if (!menuId || rest.length || roleId === '') return null;
  return roleId === undefined ? { menuId } : { menuId, roleId };
}

const CUSTOM_EMOJI = /^<(a?):([A-Za-z0-9_]+):([0-9]+)>$/;

/** An option's emoji as a component's `emoji`: { name } for a Unicode emoji, { name, id, animated } for a custom one. */
export function componentEmoji(emoji: string): { name: string; id?: string; animated?: boolean } | undefined {
  if (!emoji) return undefined;
  const custom = CUSTOM_EMOJI.exec(emoji);
  if (!custom) return { name: emoji };
  return { name: custom[2]!, id: custom[3]!, ...(custom[1] ? { animated: true } : {}) };
}

/** An emoji as Discord's reaction routes name it: a Unicode emoji as is, `<:name:id>` as `name:id` (either accepted). */
export function reactionPathEmoji(emoji: string): string {
  const custom = CUSTOM_EMOJI.exec(emoji);
  return custom ? `${custom[2]}:${custom[3]}` : emoji;
}

/** A custom emoji as a reaction names it (`name:id`, `a:name:id`), or as a message writes it (`<:name:id>`, `<a:name:id>`). */
const CUSTOM_REACTION = /^<?a?:?[A-Za-z0-9_]+:([0-9]+)>?$/;

/**
 * What identifies an emoji when a reaction is matched to an option: a custom emoji's id (its name may have changed
 * since the menu was saved, and a reaction may name it in any of Discord's forms), a Unicode emoji itself.
 */
function emojiKey(emoji: string): string {
  return CUSTOM_REACTION.exec(emoji)?.[1] ?? emoji;
}

/** A button (type 2) or the select (type 3) of Discord's message components, in an action row (type 1). */
export interface RoleMenuButton {
  type: 2;
  style: 1 | 2 | 3 | 4;
  custom_id: string;
  label?: string;
  emoji?: { name: string; id?: string; animated?: boolean };
}
export interface RoleMenuSelect {
  type: 3;
  custom_id: string;
  placeholder?: string;
  min_values: number;
  max_values: number;
  options: { label: string; value: string; description?: string; emoji?: { name: string; id?: string; animated?: boolean } }[];
}
export interface RoleMenuMessage {
  content?: string;
  embeds: ApiEmbed[];
  components: { type: 1; components: (RoleMenuButton | RoleMenuSelect)[] }[];
  allowed_mentions: { parse: [] };
}

/** Whether an embed has anything to show (Discord refuses an empty one). */
function hasContent(embed: ApiEmbed): boolean {
  return Boolean(
    embed.title || embed.description || embed.fields?.length || embed.image || embed.thumbnail || embed.author || embed.footer,
  );
}

/**
 * The select's bounds as Discord takes them: at most the options it has; a unique menu takes one, a limit menu at
 * most its limit (more would only be refused: `decideRoleChange`).
 */
export function selectBounds(menu: Pick<RoleMenuContent, 'min_values' | 'max_values' | 'mode' | 'limit' | 'options'>): {
  min: number;
  max: number;
} {
  const count = menu.options.length;
  const most = menu.mode === 'unique' ? 1 : menu.mode === 'limit' ? Math.min(menu.max_values, menu.limit) : menu.max_values;
  const max = Math.max(1, Math.min(most, count));
  return { min: Math.min(menu.min_values, max), max };
}

/**
 * The message Deploy posts: the content, the embed when it shows anything, and the buttons in their rows or the
 * select menu. A reaction menu has no components: the bot adds its reactions (`roleMenuReactions`) after posting.
 * Mentions in the text notify nobody.
 */
export function roleMenuMessage(menu: RoleMenuContent, menuId: string): RoleMenuMessage {
  const embed = toApiEmbed(menu.embed);
  const message: RoleMenuMessage = {
    ...(menu.content.trim() ? { content: menu.content } : {}),
    embeds: hasContent(embed) ? [embed] : [],
    components: [],
    allowed_mentions: { parse: [] },
  };
  if (menu.kind === 'buttons') {
    const rows = [...new Set(menu.options.map((option) => option.row))].sort((a, b) => a - b);
    message.components = rows.map((row) => ({
      type: 1,
      components: menu.options
        .filter((option) => option.row === row)
        .map((option) => {
          const emoji = componentEmoji(option.emoji);
          return {
            type: 2,
            style: BUTTON_STYLES[option.style],
            custom_id: roleMenuCustomId(menuId, option.role_id),
            ...(option.label ? { label: option.label } : {}),
            ...(emoji ? { emoji } : {}),
          };
        }),
    }));
  } else if (menu.kind === 'select' && menu.options.length) {
    const { min, max } = selectBounds(menu);
    message.components = [
      {
        type: 1,
        components: [
          {
            type: 3,
            custom_id: roleMenuCustomId(menuId),
            ...(menu.placeholder ? { placeholder: menu.placeholder } : {}),
            min_values: min,
            max_values: max,
            options: menu.options.map((option) => {
              const emoji = componentEmoji(option.emoji);
              return {
                label: option.label,
                value: option.role_id,
                ...(option.description ? { description: option.description } : {}),
                ...(emoji ? { emoji } : {}),
              };
            }),
          },
        ],
      },
    ];
  }
  return message;
}

/** The reactions the bot adds under a reaction menu's message, in the options' order, as the reaction routes name them. */
export function roleMenuReactions(menu: Pick<RoleMenuContent, 'kind' | 'options'>): string[] {
  return menu.kind === 'reactions' ? menu.options.map((option) => reactionPathEmoji(option.emoji)) : [];
}

/** The menu kind that offers each choice. */
const CHOICE_KIND: Record<RoleMenuChoice['type'], RoleMenuContent['kind']> = {
  button: 'buttons',
  'reaction-add': 'reactions',
  'reaction-remove': 'reactions',
  select: 'select',
};

const mentions = (ids: readonly string[]) => ids.map((id) => `<@&${id}>`).join(', ');

/**
 * What a member's choice changes, by the menu's mode and rules:
 * - excluded roles: a member holding one may not use the menu; required roles: a member must hold one of them;
 * - toggle: a button adds the role, or takes it back if held; a reaction added adds it, removed takes it back;
 * - unique: as toggle, and getting a role takes the menu's others away;
 * - verify: roles are only given; remove: roles are only taken (a button or a reaction added takes its role);
 * - limit: as toggle, but never more than `limit` of the menu's roles at once;
 * - the select: the menu's roles become the chosen ones (verify only adds, remove only takes the chosen away, unique
 *   keeps the first, limit refuses more than its number).
 * Roles the menu does not offer are never added or removed: a button or reaction that names none of its options, or a
 * choice its kind does not offer, is refused; a select's values that are none of its options are left out.
 */
export function decideRoleChange(menu: RoleMenuContent, memberRoles: readonly string[], choice: RoleMenuChoice): RoleChange {
  const held = new Set(memberRoles);
  const offered = menu.options.map((option) => option.role_id);
  const heldOffered = offered.filter((id) => held.has(id));
  const reply = (text: string) => (menu.reply ? text : null);
  const refuse = (text: string): RoleChange => ({ add: [], remove: [], reply: reply(text), refused: true });

  const excluded = menu.excluded_roles.filter((id) => held.has(id));
  if (excluded.length) return refuse(fillRefusal(refusals.roleMenuExcluded, { roles: mentions(excluded) }));
  if (menu.required_roles.length && !menu.required_roles.some((id) => held.has(id)))
    return refuse(fillRefusal(refusals.roleMenuRequired, { roles: mentions(menu.required_roles) }));

  // A choice the menu's kind does not offer (a reaction under a button menu, a button of a message deployed before the
  // kind changed) names no option of the menu.
  if (CHOICE_KIND[choice.type] !== menu.kind) return refuse(refusals.roleMenuUnchanged);

  let want: string[]; // roles the member should hold afterwards, of the menu's
  if (choice.type === 'select') {
    const chosen = offered.filter((id) => choice.roleIds.includes(id));
    if (menu.mode === 'limit' && chosen.length > menu.limit) return refuse(fillRefusal(refusals.roleMenuLimit, { limit: menu.limit }));
    want =
      menu.mode === 'verify'
        ? [...new Set([...heldOffered, ...chosen])]
        : menu.mode === 'remove'
          ? heldOffered.filter((id) => !chosen.includes(id))
          : menu.mode === 'unique'
            ? chosen.slice(0, 1)
            : chosen;
  } else {
    const roleId =
      choice.type === 'button'
        ? choice.roleId
        : menu.options.find((option) => option.emoji && emojiKey(option.emoji) === emojiKey(choice.emoji))?.role_id;
    if (roleId === undefined || !offered.includes(roleId)) return refuse(refusals.roleMenuUnchanged);
    const has = held.has(roleId);
    // What the member asked for this role: a button flips it, a reaction added asks for it, one removed gives it back.
    const asks = choice.type === 'button' ? !has : choice.type === 'reaction-add';
    const without = heldOffered.filter((id) => id !== roleId);
    if (menu.mode === 'remove') want = choice.type === 'reaction-remove' ? heldOffered : without;
    else if (menu.mode === 'verify') want = asks || has ? [...without, roleId] : without;
    else if (!asks) want = without;
    else if (menu.mode === 'unique') want = [roleId];
    else if (menu.mode === 'limit' && !has && heldOffered.length >= menu.limit)
      return refuse(fillRefusal(refusals.roleMenuLimit, { limit: menu.limit }));
    else want = [...without, roleId];
  }

  const add = offered.filter((id) => want.includes(id) && !held.has(id));
  const remove = heldOffered.filter((id) => !want.includes(id));
  const text =
    add.length && remove.length
      ? fillRefusal(refusals.roleMenuAddedRemoved, { added: mentions(add), removed: mentions(remove) })
      : add.length
        ? fillRefusal(refusals.roleMenuAdded, { roles: mentions(add) })
        : remove.length
          ? fillRefusal(refusals.roleMenuRemoved, { roles: mentions(remove) })
          : refusals.roleMenuUnchanged;
  return { add, remove, reply: reply(text), refused: false };
}
