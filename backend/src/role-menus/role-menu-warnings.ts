import { roleMenuMessage, selectBounds } from '@guildhall/common/role-menu';
import { collections } from '@guildhall/generated/collections';
import { fillRefusal, refusals } from '@guildhall/generated/refusals';
import { publishedSchemas } from '@guildhall/generated/schemas';
import type { RoleMenu, RoleMenuWarning } from '@guildhall/generated/types';
import { PermissionFlagsBits } from 'discord-api-types/v10';
import type { DiscordChannel, DiscordGuild, DiscordMember, DiscordRole } from '../discord/discord.types.js';
import { memberPermissions } from '../discord/member-permissions.js';
import { assignable } from '../references/guild-references.js';
import { findReferences, type Schema } from '../references/schema-walk.js';
import { allows, channelPermissions } from './channel-permissions.js';

/** The guild as it is now, read once for all of its menus: its channels and roles, and the bot's member. */
export interface LiveGuild {
  guild: Pick<DiscordGuild, 'id' | 'owner_id'>;
  channels: ReadonlyMap<string, DiscordChannel>;
  roles: DiscordRole[];
  member: DiscordMember;
  botId: string;
}

const MENU_SCHEMA = publishedSchemas[collections['role-menus'].schemaName] as Schema;

/** What the bot needs in the menu's channel, each with the schema's words; `when` says for which menus. */
const CHANNEL_NEEDS: { flag: bigint; message: string; when?: (menu: RoleMenu, hasEmbed: boolean) => boolean }[] = [
  { flag: PermissionFlagsBits.ViewChannel, message: refusals.roleMenuBotLacksViewChannel },
  { flag: PermissionFlagsBits.SendMessages, message: refusals.roleMenuBotLacksSendMessages },
  // Redeploy reads its message back to edit it in place (Discord's Get Channel Message needs it), as does adding reactions.
  { flag: PermissionFlagsBits.ReadMessageHistory, message: refusals.roleMenuBotLacksReadMessageHistory },
  { flag: PermissionFlagsBits.EmbedLinks, message: refusals.roleMenuBotLacksEmbedLinks, when: (_menu, hasEmbed) => hasEmbed },
  { flag: PermissionFlagsBits.AddReactions, message: refusals.roleMenuBotLacksAddReactions, when: (menu) => menu.kind === 'reactions' },
];

const mention = (role: DiscordRole) => (role.name.startsWith('@') ? role.name : `@${role.name}`);

const warning = (code: RoleMenuWarning['code'], message: string, fix: string, blocking: boolean, path?: string): RoleMenuWarning => ({
  code,
  message,
  fix,
  blocking,
  ...(path ? { path } : {}),
});

/**
 * What would stop a menu from working, from the guild as it is now (see RoleMenusService.preflight), in the order a
 * person fixes them: the bot's server permission, the channel, the options, the message. `messageGone`: the deployed
 * message was deleted (the caller asked Discord). Every message and fix is the role menu schema's x-refusals.
 */
export function roleMenuWarnings(menu: RoleMenu, live: LiveGuild, messageGone = false): RoleMenuWarning[] {
  const warnings: RoleMenuWarning[] = [];
  const message = roleMenuMessage(menu, 'preflight');

  if (!allows(memberPermissions(live.guild, live.roles, live.member, live.botId), PermissionFlagsBits.ManageRoles)) {
    warnings.push(warning('bot_missing_permission', refusals.roleMenuBotLacksManageRoles, refusals.roleMenuBotLacksManageRolesFix, true));
  }

  // The channel: still there, of a type the schema's x-reference takes (its own words), and the bot may post there.
  const channel = live.channels.get(menu.channel_id);
  const channelRule = findReferences(MENU_SCHEMA, menu).find((ref) => ref.path === '/channel_id');
  if (!channel) {
    warnings.push(warning('channel_deleted', refusals.roleMenuChannelDeleted, refusals.roleMenuChannelDeletedFix, true, '/channel_id'));
  } else if (channelRule?.channelTypes && !channelRule.channelTypes.includes(channel.type)) {
    warnings.push(warning('channel_type', channelRule.messages.type!, refusals.roleMenuChannelTypeFix, true, '/channel_id'));
  } else {
    const permissions = channelPermissions(live.guild, live.roles, live.member, live.botId, channel);
    // A bot that cannot see the channel lacks everything there: that one is the fix.
    const needs = allows(permissions, PermissionFlagsBits.ViewChannel) ? CHANNEL_NEEDS : CHANNEL_NEEDS.slice(0, 1);
    for (const need of needs) {
      if ((need.when && !need.when(menu, message.embeds.length > 0)) || allows(permissions, need.flag)) continue;
      const values = { channel: channel.name ?? channel.id };
      warnings.push(
        warning(
          'bot_missing_permission',
          fillRefusal(need.message, values),
          fillRefusal(refusals.roleMenuBotLacksChannelPermissionFix, values),
          true,
          '/channel_id',
        ),
      );
    }
  }

  // The options' roles: still there, a role members can be given, and below the bot's highest role.
  if (menu.options.length === 0) {
    warnings.push(warning('no_options', refusals.roleMenuNoOptions, refusals.roleMenuNoOptionsFix, true, '/options'));
  }
  const roles = new Map(live.roles.map((role) => [role.id, role]));
  const top = live.member.roles
    .map((id) => roles.get(id))
    .reduce<DiscordRole | undefined>((best, role) => (role && (!best || role.position > best.position) ? role : best), undefined);
  const botIsOwner = live.guild.owner_id === live.botId;
  menu.options.forEach((option, i) => {
    const path = `/options/${i}/role_id`;
    const role = roles.get(option.role_id);
    if (!role) {
      const values = { option: i + 1 };
      warnings.push(
        warning(
          'role_deleted',
          fillRefusal(refusals.roleMenuRoleDeleted, values),
          fillRefusal(refusals.roleMenuRoleDeletedFix, values),
          true,
          path,
        ),
      );
    } else if (!assignable(role, live.guild.id)) {
      const values = { role: mention(role) };
      warnings.push(
        warning(
          'role_unassignable',
          fillRefusal(refusals.roleMenuRoleUnassignable, values),
          fillRefusal(refusals.roleMenuRoleUnassignableFix, values),
          true,
          path,
        ),
      );
    } else if (!botIsOwner && role.position >= (top?.position ?? 0)) {
      const everyone = roles.get(live.guild.id);
      const values = { role: mention(role), botRole: mention(top ?? everyone ?? role) };
      warnings.push(
        warning(
          'role_above_bot',
          fillRefusal(refusals.roleMenuRoleAboveBot, values),
          fillRefusal(refusals.roleMenuRoleAboveBotFix, values),
          true,
          path,
        ),
      );
    }
  });

  // The message: something to post, a select's bounds as Discord will take them, the one deployed still there.
  if (menu.options.length && !message.content && !message.embeds.length && !message.components.length) {
    warnings.push(warning('empty_message', refusals.roleMenuEmptyMessage, refusals.roleMenuEmptyMessageFix, true, '/content'));
  }
  const count = menu.options.length;
  if (menu.kind === 'select' && count && (menu.max_values > count || menu.min_values > count)) {
    const { min, max } = selectBounds(menu);
    const values = { count, min, max, minValues: menu.min_values, maxValues: menu.max_values };
    warnings.push(
      warning(
        'select_clamped',
        fillRefusal(refusals.roleMenuSelectClamped, values),
        fillRefusal(refusals.roleMenuSelectClampedFix, values),
        false,
        '/max_values',
      ),
    );
  }
  if (messageGone) warnings.push(warning('message_gone', refusals.roleMenuMessageGone, refusals.roleMenuMessageGoneFix, false));
  return warnings;
}
