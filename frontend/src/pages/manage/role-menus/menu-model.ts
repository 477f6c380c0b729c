// A role menu as the page holds it: the collection's generated module (schema, uiSchema, defaults, validator,
// conditions), what the client sends, errors by field, and the preview of the message Deploy posts.
import { toApiEmbed } from '@guildhall/common/embed-message';
import * as roleMenus from '@guildhall/generated/collections/role-menus.js';
import { validateWith } from '@guildhall/generated/field-errors';
import type { DiscordEmbed, FieldError, RoleMenu } from '@guildhall/generated/types';
import type { DiscordComponentData, DiscordMessageData } from '../../../components/discord';

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
// Until common's roleMenuMessage (issue 28, @guildhall/common/role-menu) is in this branch, the preview is drawn from
// the form data here: the message, its buttons in their rows, the select, or the bot's reactions under it.

/** Discord's button styles by the schema's names (ButtonStyle: Primary 1, Secondary 2, Success 3, Danger 4). */
const BUTTON_STYLE = { primary: 1, secondary: 2, success: 3, danger: 4 } as const;

/** An option's emoji as a component carries it: `<:name:id>` (custom) or the Unicode text. */
function emojiOf(emoji: string | undefined): { name: string; id?: string } | undefined {
  if (!emoji) return undefined;
  const custom = /^<a?:([^:]+):([^>]+)>$/.exec(emoji);
  return custom ? { name: custom[1]!, id: custom[2]! } : { name: emoji };
}

/**
 * The menu's message as Discord shows it, from the draft: content, the embed, and per kind the buttons (by row, in
 * order), the select (placeholder, options) or the reactions. `roleName` labels an option without one.
 */
export function previewMessage(draft: MenuDraft, roleName: (roleId: string) => string | undefined): DiscordMessageData {
  const embed = toApiEmbed(draft.embed as DiscordEmbed);
  const options = draft.options ?? [];
  const labelOf = (o: (typeof options)[number]) => o.label || roleName(o.role_id) || 'Role';
  const message: DiscordMessageData = {
    content: draft.content || undefined,
    embeds: Object.keys(embed).length ? [embed] : [],
  };
  if (draft.kind === 'buttons') {
    const rows = new Map<number, DiscordComponentData>();
    for (const option of options) {
      const row = rows.get(option.row ?? 1) ?? { type: 1, components: [] };
      rows.set(option.row ?? 1, row);
      row.components!.push({
        type: 2,
        style: BUTTON_STYLE[option.style ?? 'secondary'],
        label: labelOf(option),
        emoji: emojiOf(option.emoji),
        custom_id: option.role_id,
      });
    }
    message.components = [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
  } else if (draft.kind === 'select' && options.length) {
    message.components = [
      {
        type: 1,
        components: [
          {
            type: 3,
            placeholder: draft.placeholder,
            options: options.map((o, i) => ({
              label: labelOf(o),
              value: o.role_id || String(i),
              description: o.description || undefined,
              emoji: emojiOf(o.emoji),
            })),
          },
        ],
      },
    ];
  } else if (draft.kind === 'reactions') {
    message.reactions = options.filter((o) => o.emoji).map((o) => ({ emoji: emojiOf(o.emoji)!, count: 1, me: true }));
  }
  return message;
}
