// A role menu as the page holds it: the collection's generated module (schema, uiSchema, defaults, validator,
// conditions), what the client sends, errors by field, and the preview of the message Deploy posts (common's builder).
import { componentEmoji, roleMenuMessage, type RoleMenuContent } from '@guildhall/common/role-menu';
import * as roleMenus from '@guildhall/generated/collections/role-menus.js';
import { validateWith } from '@guildhall/generated/field-errors';
import type { FieldError, RoleMenu } from '@guildhall/generated/types';
import type { DiscordMessageData } from '../../../components/discord';

/** The role-menus collection's module: what the form engine draws and validates an item with. */
export const MENU_FORM = roleMenus;

/** A menu being edited: every property of the schema, `channel_id` empty until one is chosen. */
export type MenuDraft = Omit<RoleMenu, 'channel_id'> & { channel_id?: string };

/** A new menu: the schema's defaults. */
export function defaultMenu(): MenuDraft {
  return structuredClone(roleMenus.defaults) as MenuDraft;
}

export function draftOf(item: RoleMenu): MenuDraft {
  return { ...defaultMenu(), ...structuredClone(item) };
}

/** What is sent: the server's own properties left out (it ignores them anyway), no empty channel. */
export function itemToSend(draft: MenuDraft): Partial<RoleMenu> {
  const item: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(draft)) if (!roleMenus.serverOwned.includes(key)) item[key] = value;
  if (!draft.channel_id) delete item.channel_id;
  return item as Partial<RoleMenu>;
}

/** Errors by JSON Pointer into the item (`/options/0/label`), the first per place; `under` strips the body's prefix. */
export function errorsByPointer(fieldErrors: readonly FieldError[], under = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { path, message } of fieldErrors) {
    if (under && path !== under && !path.startsWith(`${under}/`)) continue;
    out[path.slice(under.length) || '/'] ??= message;
  }
  return out;
}

/** The schema's checks of a draft, with the validator the server runs: the same words at the same places. */
export function checkMenu(draft: MenuDraft): Record<string, string> {
  const result = validateWith(roleMenus.validate, itemToSend(draft));
  return result.ok ? {} : errorsByPointer(result.fieldErrors);
}

// ---- preview -------------------------------------------------------------------------------------------------------

/** An option's properties with their defaults (a draft's option may lack one while it is edited). */
const OPTION_DEFAULTS = Object.fromEntries(
  Object.entries(
    (roleMenus.schema.properties as { options: { items: { properties: Record<string, { default?: unknown }> } } }).options.items.properties,
  )
    .filter(([, property]) => property.default !== undefined)
    .map(([name, property]) => [name, property.default]),
);

/**
 * The menu's message as Discord shows it, built by common's roleMenuMessage (what Deploy posts): content, the embed,
 * the buttons by row or the select; for a reaction menu, the reactions the bot adds under it (one each).
 */
export function previewMessage(draft: MenuDraft, menuId = 'preview'): DiscordMessageData {
  const menu = { ...defaultMenu(), ...draft, options: (draft.options ?? []).map((o) => ({ ...OPTION_DEFAULTS, ...o })) } as RoleMenuContent;
  const message: DiscordMessageData = roleMenuMessage(menu, menuId);
  if (menu.kind === 'reactions')
    message.reactions = menu.options.flatMap((o) => {
      const emoji = componentEmoji(o.emoji);
      return emoji ? [{ emoji, count: 1, me: true }] : [];
    });
  return message;
}
