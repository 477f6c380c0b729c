import { createHash, randomBytes } from 'node:crypto';
import { SANDBOX_CLIENT_ID } from '@guildhall/backend/sandbox-mount';
import { Permission, permissionBits } from './permissions.js';
import { discordTimestamp, snowflakeTime } from './snowflake.js';
import type {
  SandboxChannelRecord,
  SandboxChannelType,
  SandboxGuildRecord,
  SandboxLocale,
  SandboxMemberRecord,
  SandboxMessageRecord,
  SandboxOverwrite,
  SandboxRoleRecord,
  SandboxSeed,
  SandboxUserRecord,
  SandboxWebhookRecord,
} from './sandbox.types.js';

// Fixed ids so tests, scripts and the rest of the app can name seeded things. Derived ids follow one
// rule per guild: channels guild+1xx, roles guild+2xx, emojis guild+3xx, webhooks guild+4xx, messages guild+5xx.

export { SANDBOX_CLIENT_ID };
export const SANDBOX_BOT_USERNAME = 'Guildhall';

export const SANDBOX_USERS = {
  demoOwner: { id: '1100000000000000101', username: 'demo-owner' },
  demoAdmin: { id: '1100000000000000102', username: 'demo-admin' },
  demoMember: { id: '1100000000000000103', username: 'demo-member' },
  demoExtra: { id: '1100000000000000104', username: 'demo-extra' },
  /** The bot's id is the OAuth2 client id; this is the default one (see DiscordSandboxOptions.clientId). */
  bot: { id: SANDBOX_CLIENT_ID, username: SANDBOX_BOT_USERNAME },
} as const;

/** The four people a demo signs in as, in the order the authorize page lists them. */
export const SANDBOX_DEMO_USERNAMES = ['demo-owner', 'demo-admin', 'demo-member', 'demo-extra'] as const;

function derived(guildId: string, offset: number): string {
  return (BigInt(guildId) + BigInt(offset)).toString();
}

const COMMUNITY = '1100000000000010000';
const PIXEL_PAINTERS = '1100000000000020000';
const QUIET_LIBRARY = '1100000000000030000';
const NIGHT_OWLS = '1100000000000040000';
const RETRO_ARCADE = '1100000000000050000';
// Guilds of ordinary members with the bot, so the home page's top-servers grid has more than 9 to rank.
const SHOWCASE_COZYCAFE = '1100000000000060000';
const SHOWCASE_STARFORGE = '1100000000000070000';
const SHOWCASE_TIDEPOOL = '1100000000000080000';
const SHOWCASE_LANTERNCLUB = '1100000000000090000';
const SHOWCASE_PAPERPLANES = '1100000000000100000';
const SHOWCASE_QUIETHARBOR = '1100000000000110000';

export const SANDBOX_GUILDS = {
  /** Owned by demo-owner, bot present; demo-admin has Manage Server, demo-member is a plain member; 40 members. */
  community: {
    id: COMMUNITY,
    name: 'Guildhall Community',
    channels: {
      information: derived(COMMUNITY, 101),
      welcome: derived(COMMUNITY, 102),
      rules: derived(COMMUNITY, 103),
      announcements: derived(COMMUNITY, 104),
      communityCategory: derived(COMMUNITY, 105),
      general: derived(COMMUNITY, 106),
      introductions: derived(COMMUNITY, 107),
      media: derived(COMMUNITY, 108),
      botCommands: derived(COMMUNITY, 109),
      staffCategory: derived(COMMUNITY, 110),
      modLog: derived(COMMUNITY, 111),
      staffChat: derived(COMMUNITY, 112),
      voiceCategory: derived(COMMUNITY, 113),
      lounge: derived(COMMUNITY, 114),
      gaming: derived(COMMUNITY, 115),
    },
    roles: {
      everyone: COMMUNITY,
      bot: derived(COMMUNITY, 201),
      serverManager: derived(COMMUNITY, 202),
      moderator: derived(COMMUNITY, 203),
      eventHost: derived(COMMUNITY, 204),
      regular: derived(COMMUNITY, 205),
      booster: derived(COMMUNITY, 206),
      /** Ordinary roles below the bot's, nobody holds them: a role menu's self-assignable roles. */
      red: derived(COMMUNITY, 207),
      green: derived(COMMUNITY, 208),
      blue: derived(COMMUNITY, 209),
      /** An ordinary role above the bot's: the bot cannot grant it (a role menu's pre-flight warns). */
      staff: derived(COMMUNITY, 210),
    },
  },
  /** Owned by demo-owner, bot present. */
  pixelPainters: {
    id: PIXEL_PAINTERS,
    name: 'Pixel Painters',
    channels: {
      studio: derived(PIXEL_PAINTERS, 101),
      general: derived(PIXEL_PAINTERS, 102),
      showcase: derived(PIXEL_PAINTERS, 103),
      announcements: derived(PIXEL_PAINTERS, 104),
      voiceCategory: derived(PIXEL_PAINTERS, 105),
      drawingRoom: derived(PIXEL_PAINTERS, 106),
    },
    roles: {
      everyone: PIXEL_PAINTERS,
      bot: derived(PIXEL_PAINTERS, 201),
      artist: derived(PIXEL_PAINTERS, 202),
      curator: derived(PIXEL_PAINTERS, 203),
    },
  },
  /** Owned by demo-owner, WITHOUT the bot (the dashboard offers to invite it). */
  quietLibrary: {
    id: QUIET_LIBRARY,
    name: 'Quiet Library',
    channels: {
      stacks: derived(QUIET_LIBRARY, 101),
      general: derived(QUIET_LIBRARY, 102),
      bookClub: derived(QUIET_LIBRARY, 103),
      voiceCategory: derived(QUIET_LIBRARY, 104),
      readingRoom: derived(QUIET_LIBRARY, 105),
    },
    roles: { everyone: QUIET_LIBRARY, librarian: derived(QUIET_LIBRARY, 202) },
  },
  /** Owned by demo-extra, bot present; demo-member, demo-admin and demo-owner are plain members. */
  nightOwls: {
    id: NIGHT_OWLS,
    name: 'Night Owls',
    channels: {
      nightShift: derived(NIGHT_OWLS, 101),
      general: derived(NIGHT_OWLS, 102),
      news: derived(NIGHT_OWLS, 103),
      music: derived(NIGHT_OWLS, 104),
      voiceCategory: derived(NIGHT_OWLS, 105),
      midnightRadio: derived(NIGHT_OWLS, 106),
    },
    roles: { everyone: NIGHT_OWLS, bot: derived(NIGHT_OWLS, 201), nightOwl: derived(NIGHT_OWLS, 202) },
  },
  /** Owned by an ordinary member (marisol.vega), bot present; demo-admin is Administrator through a role. */
  retroArcade: {
    id: RETRO_ARCADE,
    name: 'Retro Arcade',
    channels: {
      arcade: derived(RETRO_ARCADE, 101),
      general: derived(RETRO_ARCADE, 102),
      highScores: derived(RETRO_ARCADE, 103),
      patchNotes: derived(RETRO_ARCADE, 104),
      voiceCategory: derived(RETRO_ARCADE, 105),
      coop: derived(RETRO_ARCADE, 106),
    },
    roles: {
      everyone: RETRO_ARCADE,
      bot: derived(RETRO_ARCADE, 201),
      admin: derived(RETRO_ARCADE, 202),
      highScorer: derived(RETRO_ARCADE, 203),
    },
  },
  /** Showcase guilds: owned by ordinary members, bot present; sizes spread for the home page's ranking. */
  cozyCafe: {
    id: SHOWCASE_COZYCAFE,
    name: 'Cozy Café',
    channels: {
      lobby: derived(SHOWCASE_COZYCAFE, 101),
      general: derived(SHOWCASE_COZYCAFE, 102),
      announcements: derived(SHOWCASE_COZYCAFE, 103),
      voiceCategory: derived(SHOWCASE_COZYCAFE, 104),
      lounge: derived(SHOWCASE_COZYCAFE, 105),
    },
    roles: { everyone: SHOWCASE_COZYCAFE, bot: derived(SHOWCASE_COZYCAFE, 201) },
  },
  starForge: {
    id: SHOWCASE_STARFORGE,
    name: 'Star Forge',
    channels: {
      lobby: derived(SHOWCASE_STARFORGE, 101),
      general: derived(SHOWCASE_STARFORGE, 102),
      announcements: derived(SHOWCASE_STARFORGE, 103),
      voiceCategory: derived(SHOWCASE_STARFORGE, 104),
      lounge: derived(SHOWCASE_STARFORGE, 105),
    },
    roles: { everyone: SHOWCASE_STARFORGE, bot: derived(SHOWCASE_STARFORGE, 201) },
  },
  tidePool: {
    id: SHOWCASE_TIDEPOOL,
    name: 'Tide Pool',
    channels: {
      lobby: derived(SHOWCASE_TIDEPOOL, 101),
      general: derived(SHOWCASE_TIDEPOOL, 102),
      announcements: derived(SHOWCASE_TIDEPOOL, 103),
      voiceCategory: derived(SHOWCASE_TIDEPOOL, 104),
      lounge: derived(SHOWCASE_TIDEPOOL, 105),
    },
    roles: { everyone: SHOWCASE_TIDEPOOL, bot: derived(SHOWCASE_TIDEPOOL, 201) },
  },
  lanternClub: {
    id: SHOWCASE_LANTERNCLUB,
    name: 'Lantern Club',
    channels: {
      lobby: derived(SHOWCASE_LANTERNCLUB, 101),
      general: derived(SHOWCASE_LANTERNCLUB, 102),
      announcements: derived(SHOWCASE_LANTERNCLUB, 103),
      voiceCategory: derived(SHOWCASE_LANTERNCLUB, 104),
      lounge: derived(SHOWCASE_LANTERNCLUB, 105),
    },
    roles: { everyone: SHOWCASE_LANTERNCLUB, bot: derived(SHOWCASE_LANTERNCLUB, 201) },
  },
  paperPlanes: {
    id: SHOWCASE_PAPERPLANES,
    name: 'Paper Planes',
    channels: {
      lobby: derived(SHOWCASE_PAPERPLANES, 101),
      general: derived(SHOWCASE_PAPERPLANES, 102),
      announcements: derived(SHOWCASE_PAPERPLANES, 103),
      voiceCategory: derived(SHOWCASE_PAPERPLANES, 104),
      lounge: derived(SHOWCASE_PAPERPLANES, 105),
    },
    roles: { everyone: SHOWCASE_PAPERPLANES, bot: derived(SHOWCASE_PAPERPLANES, 201) },
  },
  quietHarbor: {
    id: SHOWCASE_QUIETHARBOR,
    name: 'Quiet Harbor',
    channels: {
      lobby: derived(SHOWCASE_QUIETHARBOR, 101),
      general: derived(SHOWCASE_QUIETHARBOR, 102),
      announcements: derived(SHOWCASE_QUIETHARBOR, 103),
      voiceCategory: derived(SHOWCASE_QUIETHARBOR, 104),
      lounge: derived(SHOWCASE_QUIETHARBOR, 105),
    },
    roles: { everyone: SHOWCASE_QUIETHARBOR, bot: derived(SHOWCASE_QUIETHARBOR, 201) },
  },
} as const;

export type SandboxGuildKey = keyof typeof SANDBOX_GUILDS;

/** Ordinary members: username, display name, locale; "no-dm" members refuse DMs from the bot. */
const MEMBER_PEOPLE: ReadonlyArray<readonly [string, string | null, SandboxLocale, ('no-avatar' | 'no-dm' | 'unverified')?]> = [
  ['ava.chen', 'Ava Chen', 'en-US'],
  ['liam_okafor', 'Liam', 'en-GB'],
  ['sofia.rossi', 'Sofia Rossi', 'en-US'],
  ['noah.kim', 'Noah', 'en-US', 'no-avatar'],
  ['mia.garcia', 'Mia García', 'es-ES'],
  ['ethan.nguyen', 'Ethan Nguyen', 'en-US'],
  ['zara.ali', 'Zara', 'en-GB', 'no-dm'],
  ['lucas.martin', 'Lucas Martin', 'fr'],
  ['chloe.dubois', 'Chloé', 'fr'],
  ['mateo.silva', 'Mateo Silva', 'pt-BR'],
  ['hana.sato', 'Hana Sato', 'ja'],
  ['oliver.smith', null, 'en-GB', 'no-avatar'],
  ['amara.obi', 'Amara Obi', 'en-US'],
  ['felix.wagner', 'Felix Wagner', 'de'],
  ['isla.murphy', 'Isla', 'en-GB'],
  ['kai.tanaka', 'Kai Tanaka', 'ja', 'unverified'],
  ['leila.haddad', 'Leila Haddad', 'fr'],
  ['jonas.berg', 'Jonas Berg', 'sv-SE'],
  ['priya.sharma', 'Priya Sharma', 'en-US'],
  ['diego.lopez', 'Diego López', 'es-ES', 'no-avatar'],
  ['nora.lindqvist', 'Nora Lindqvist', 'sv-SE'],
  ['omar.farouk', 'Omar Farouk', 'en-US'],
  ['elena.popescu', 'Elena Popescu', 'en-US'],
  ['finn.oconnor', "Finn O'Connor", 'en-GB'],
  ['yuki.mori', 'Yuki', 'ja'],
  ['ines.costa', 'Inês Costa', 'pt-BR'],
  ['arjun.patel', 'Arjun Patel', 'en-US', 'no-dm'],
  ['freya.jensen', 'Freya Jensen', 'nl'],
  ['tomas.novak', 'Tomáš Novák', 'pl'],
  ['aisha.bello', 'Aisha Bello', 'en-US'],
  ['marisol.vega', 'Marisol Vega', 'es-ES'],
  ['henrik.dahl', 'Henrik Dahl', 'de'],
  ['sara.cohen', 'Sara Cohen', 'en-US', 'no-avatar'],
  ['theo.laurent', 'Théo Laurent', 'fr'],
  ['maya.rahman', 'Maya Rahman', 'en-GB'],
  ['viktor.petrov', 'Viktor Petrov', 'pl', 'unverified'],
];

/** Ids of the ordinary members, by username (e.g. SANDBOX_MEMBER_IDS['ava.chen']). */
export const SANDBOX_MEMBER_IDS: Readonly<Record<string, string>> = Object.fromEntries(
  MEMBER_PEOPLE.map(([username], i) => [username, (1_100_000_000_000_000_201n + BigInt(i)).toString()]),
);

/** Image hashes look like Discord's (32 hex digits, "a_" for animated) and stay the same on every run. */
function imageHash(seed: string, animated = false): string {
  return (animated ? 'a_' : '') + createHash('md5').update(seed).digest('hex');
}

function user(
  id: string,
  username: string,
  globalName: string | null,
  locale: SandboxLocale,
  extra: Partial<SandboxUserRecord> = {},
): SandboxUserRecord {
  return {
    id,
    username,
    global_name: globalName,
    avatar: imageHash(`avatar:${username}`),
    banner: null,
    accent_color: null,
    bot: false,
    email: `${username}@example.com`,
    verified: true,
    locale,
    mfa_enabled: false,
    premium_type: 0,
    public_flags: 0,
    accepts_dms: true,
    ...extra,
  };
}

function buildUsers(botId: string): SandboxUserRecord[] {
  const u = SANDBOX_USERS;
  return [
    user(u.demoOwner.id, u.demoOwner.username, 'Demo Owner', 'en-US', {
      premium_type: 2,
      mfa_enabled: true,
      banner: imageHash('banner:demo-owner'),
      accent_color: 0x068add,
    }),
    user(u.demoAdmin.id, u.demoAdmin.username, 'Demo Admin', 'en-GB', { mfa_enabled: true }),
    user(u.demoMember.id, u.demoMember.username, 'Demo Member', 'en-US', { avatar: null }),
    user(u.demoExtra.id, u.demoExtra.username, 'Demo Extra', 'de', { avatar: imageHash('avatar:demo-extra', true), premium_type: 1 }),
    ...MEMBER_PEOPLE.map(([username, globalName, locale, trait]) =>
      user(SANDBOX_MEMBER_IDS[username]!, username, globalName, locale, {
        avatar: trait === 'no-avatar' ? null : imageHash(`avatar:${username}`),
        accepts_dms: trait !== 'no-dm',
        verified: trait !== 'unverified',
      }),
    ),
    user(botId, SANDBOX_BOT_USERNAME, null, 'en-US', {
      bot: true,
      email: null,
      mfa_enabled: true,
      public_flags: 1 << 19,
      avatar: imageHash('avatar:guildhall-bot'),
    }),
  ];
}

// What new guilds give @everyone on Discord, minus the voice extras we never look at.
const EVERYONE_PERMISSIONS = permissionBits(
  Permission.ViewChannel,
  Permission.CreateInstantInvite,
  Permission.ChangeNickname,
  Permission.SendMessages,
  Permission.SendMessagesInThreads,
  Permission.CreatePublicThreads,
  Permission.EmbedLinks,
  Permission.AttachFiles,
  Permission.AddReactions,
  Permission.UseExternalEmojis,
  Permission.ReadMessageHistory,
  Permission.UseApplicationCommands,
  Permission.Connect,
  Permission.Speak,
  Permission.UseVAD,
  Permission.Stream,
);

/** What the bot's managed role is granted when invited (also the default of the sandbox's bot invite). */
export const SANDBOX_BOT_PERMISSIONS = permissionBits(
  Permission.ViewChannel,
  Permission.SendMessages,
  Permission.SendMessagesInThreads,
  Permission.EmbedLinks,
  Permission.AttachFiles,
  Permission.ReadMessageHistory,
  Permission.AddReactions,
  Permission.UseExternalEmojis,
  Permission.ManageRoles,
  Permission.ManageChannels,
  Permission.ManageWebhooks,
  Permission.ManageMessages,
  Permission.ManageNicknames,
  // Its own per-server nickname (Modify Current Member), even where @everyone may not change theirs.
  Permission.ChangeNickname,
  Permission.KickMembers,
  Permission.BanMembers,
  Permission.ModerateMembers,
  Permission.ViewAuditLog,
  Permission.CreatePublicThreads,
  Permission.ManageThreads,
);

function role(id: string, name: string, position: number, permissions: string, extra: Partial<SandboxRoleRecord> = {}): SandboxRoleRecord {
  return {
    id,
    name,
    permissions,
    position,
    color: 0,
    hoist: false,
    managed: false,
    mentionable: false,
    icon: null,
    unicode_emoji: null,
    flags: 0,
    ...extra,
  };
}

export function botRole(id: string, botId: string, position: number, permissions: string = SANDBOX_BOT_PERMISSIONS): SandboxRoleRecord {
  return role(id, SANDBOX_BOT_USERNAME, position, permissions, { managed: true, tags: { bot_id: botId } });
}

function member(
  userId: string,
  guildId: string,
  dayOffset: number,
  roles: string[] = [],
  extra: Partial<SandboxMemberRecord> = {},
): SandboxMemberRecord {
  const joined = new Date(snowflakeTime(guildId).getTime() + dayOffset * 86_400_000);
  return {
    user_id: userId,
    nick: null,
    avatar: null,
    banner: null,
    bio: null,
    roles,
    joined_at: discordTimestamp(joined),
    premium_since: null,
    ...extra,
  };
}

function channel(
  id: string,
  guildId: string,
  type: SandboxChannelType,
  name: string,
  position: number,
  parentId: string | null,
  extra: Partial<SandboxChannelRecord> = {},
): SandboxChannelRecord {
  return {
    id,
    type,
    guild_id: guildId,
    name,
    position,
    parent_id: parentId,
    topic: null,
    nsfw: false,
    rate_limit_per_user: 0,
    permission_overwrites: [],
    last_message_id: null,
    ...extra,
  };
}

function overwrite(id: string, allow: bigint[], deny: bigint[] = []): SandboxOverwrite {
  return { id, type: 0, allow: permissionBits(...allow), deny: permissionBits(...deny) };
}

function buildCommunity(botId: string): { guild: SandboxGuildRecord; channels: SandboxChannelRecord[] } {
  const g = SANDBOX_GUILDS.community;
  const r = g.roles;
  const c = g.channels;
  const u = SANDBOX_USERS;
  const m = SANDBOX_MEMBER_IDS;
  const people = MEMBER_PEOPLE.map(([username]) => m[username]!);
  const moderators = new Set([m['ava.chen'], m['liam_okafor']]);
  const hosts = new Set([m['sofia.rossi'], m['hana.sato'], m['omar.farouk']]);
  const boosters = new Set([m['mia.garcia'], m['felix.wagner'], m['priya.sharma'], m['yuki.mori'], m['aisha.bello']]);
  const nicks: Record<string, string> = {
    [m['ava.chen']!]: 'Ava (mod)',
    [m['kai.tanaka']!]: 'kai',
    [m['tomas.novak']!]: 'Tom',
    [m['finn.oconnor']!]: 'Finnegan',
  };
  const members: SandboxMemberRecord[] = [
    member(u.demoOwner.id, g.id, 0),
    member(botId, g.id, 1, [r.bot]),
    member(u.demoAdmin.id, g.id, 2, [r.serverManager, r.regular], { nick: 'Admin on duty' }),
    member(u.demoMember.id, g.id, 5),
    member(u.demoExtra.id, g.id, 9, [r.regular]),
    ...people.map((id, i) => {
      const roles: string[] = [];
      if (moderators.has(id)) roles.push(r.moderator);
      if (hosts.has(id)) roles.push(r.eventHost);
      if (i % 3 === 0) roles.push(r.regular);
      if (boosters.has(id)) roles.push(r.booster);
      const boostedSince = boosters.has(id) ? discordTimestamp(new Date(Date.UTC(2024, 2 + (i % 9), 1 + i))) : null;
      return member(id, g.id, 10 + i * 4, roles, { nick: nicks[id] ?? null, premium_since: boostedSince });
    }),
  ];
  const guild: SandboxGuildRecord = {
    id: g.id,
    name: g.name,
    icon: imageHash('icon:community', true),
    banner: imageHash('banner:community'),
    description: 'The official demo server of Guildhall: try moderation, levels and greetings here.',
    owner_id: u.demoOwner.id,
    features: ['COMMUNITY', 'NEWS', 'ANIMATED_ICON', 'BANNER', 'INVITE_SPLASH', 'ROLE_ICONS', 'WELCOME_SCREEN_ENABLED', 'AUTO_MODERATION'],
    premium_tier: 2,
    premium_subscription_count: 9,
    verification_level: 2,
    explicit_content_filter: 2,
    default_message_notifications: 1,
    preferred_locale: 'en-US',
    system_channel_id: c.welcome,
    rules_channel_id: c.rules,
    public_updates_channel_id: c.modLog,
    vanity_url_code: null,
    premium_progress_bar_enabled: true,
    roles: [
      role(r.everyone, '@everyone', 0, EVERYONE_PERMISSIONS),
      role(r.booster, 'Server Booster', 1, '0', { color: 0xf47fff, managed: true, tags: { premium_subscriber: null } }),
      role(r.red, 'Red', 2, '0', { color: 0xed4245 }),
      role(r.green, 'Green', 3, '0', { color: 0x57f287 }),
      role(r.blue, 'Blue', 4, '0', { color: 0x5865f2 }),
      role(r.regular, 'Regular', 5, '0', { color: 0x2ecc71 }),
      role(r.eventHost, 'Event Host', 6, permissionBits(Permission.ManageEvents, Permission.MentionEveryone), {
        color: 0xe67e22,
        hoist: true,
        mentionable: true,
        unicode_emoji: '🎉',
      }),
      role(
        r.moderator,
        'Moderator',
        7,
        permissionBits(
          Permission.KickMembers,
          Permission.BanMembers,
          Permission.ManageMessages,
          Permission.ModerateMembers,
          Permission.ManageNicknames,
          Permission.ViewAuditLog,
        ),
        { color: 0x3498db, hoist: true, mentionable: true },
      ),
      role(r.serverManager, 'Server Manager', 8, permissionBits(Permission.ManageGuild, Permission.ViewAuditLog), {
        color: 0x9b59b6,
        hoist: true,
      }),
      botRole(r.bot, botId, 9),
      role(r.staff, 'Staff', 10, '0', { color: 0xf1c40f, hoist: true }),
    ],
    members,
    emojis: [
      { id: derived(g.id, 301), name: 'guildhall_wave', animated: false, roles: [] },
      { id: derived(g.id, 302), name: 'party_parrot', animated: true, roles: [] },
      { id: derived(g.id, 303), name: 'gg', animated: false, roles: [] },
      { id: derived(g.id, 304), name: 'mod_hammer', animated: false, roles: [r.moderator] },
    ],
  };
  const readOnly = [overwrite(r.everyone, [], [Permission.SendMessages]), overwrite(r.bot, [Permission.SendMessages])];
  const staffOnly = [
    overwrite(r.everyone, [], [Permission.ViewChannel]),
    overwrite(r.moderator, [Permission.ViewChannel]),
    overwrite(r.serverManager, [Permission.ViewChannel]),
    overwrite(r.bot, [Permission.ViewChannel]),
  ];
  const channels = [
    channel(c.information, g.id, 4, 'Information', 0, null),
    channel(c.welcome, g.id, 0, 'welcome', 1, c.information, { topic: 'Say hello to new members', permission_overwrites: readOnly }),
    channel(c.rules, g.id, 0, 'rules', 2, c.information, { topic: 'Read these before posting', permission_overwrites: readOnly }),
    channel(c.announcements, g.id, 5, 'announcements', 3, c.information, {
      topic: 'News about the server',
      permission_overwrites: readOnly,
    }),
    channel(c.communityCategory, g.id, 4, 'Community', 4, null),
    channel(c.general, g.id, 0, 'general', 5, c.communityCategory, { topic: 'Anything goes (within the rules)' }),
    channel(c.introductions, g.id, 0, 'introductions', 6, c.communityCategory, { rate_limit_per_user: 30 }),
    channel(c.media, g.id, 0, 'media', 7, c.communityCategory),
    channel(c.botCommands, g.id, 0, 'bot-commands', 8, c.communityCategory, { topic: 'Use Guildhall commands here' }),
    channel(c.staffCategory, g.id, 4, 'Staff', 9, null, { permission_overwrites: staffOnly }),
    channel(c.modLog, g.id, 0, 'mod-log', 10, c.staffCategory, { permission_overwrites: staffOnly }),
    channel(c.staffChat, g.id, 0, 'staff-chat', 11, c.staffCategory, { permission_overwrites: staffOnly }),
    channel(c.voiceCategory, g.id, 4, 'Voice', 12, null),
    channel(c.lounge, g.id, 2, 'Lounge', 13, c.voiceCategory),
    channel(c.gaming, g.id, 2, 'Gaming', 14, c.voiceCategory),
  ];
  return { guild, channels };
}

interface SmallGuildPlan {
  key: Exclude<SandboxGuildKey, 'community'>;
  ownerId: string;
  withBot: boolean;
  icon: string | null;
  description: string | null;
  premiumTier: 0 | 1 | 2 | 3;
  boosts: number;
  features: string[];
  locale: SandboxLocale;
  roles: Array<{ key: string; name: string; permissions: string; color: number; hoist?: boolean }>;
  members: Array<{ userId: string; roles?: string[]; nick?: string }>;
  channels: Array<{ key: string; type: SandboxChannelType; name: string; parent?: string; topic?: string }>;
}

function buildSmallGuild(plan: SmallGuildPlan, botId: string): { guild: SandboxGuildRecord; channels: SandboxChannelRecord[] } {
  const g = SANDBOX_GUILDS[plan.key];
  const ids = g.roles as Record<string, string>;
  const channelIds = g.channels as Record<string, string>;
  const roles: SandboxRoleRecord[] = [role(g.id, '@everyone', 0, EVERYONE_PERMISSIONS)];
  plan.roles.forEach((p, i) => roles.push(role(ids[p.key]!, p.name, i + 1, p.permissions, { color: p.color, hoist: p.hoist ?? false })));
  const members = [
    member(plan.ownerId, g.id, 0),
    ...plan.members.map((p, i) =>
      member(
        p.userId,
        g.id,
        3 + i * 5,
        (p.roles ?? []).map((k) => ids[k]!),
        { nick: p.nick ?? null },
      ),
    ),
  ];
  if (plan.withBot) {
    roles.push(botRole(ids['bot']!, botId, roles.length));
    members.splice(1, 0, member(botId, g.id, 1, [ids['bot']!]));
  }
  const channels = plan.channels.map((p, i) =>
    channel(channelIds[p.key]!, g.id, p.type, p.name, i, p.parent ? channelIds[p.parent]! : null, { topic: p.topic ?? null }),
  );
  const firstText = channels.find((ch) => ch.type === 0);
  const guild: SandboxGuildRecord = {
    id: g.id,
    name: g.name,
    icon: plan.icon,
    banner: plan.premiumTier >= 2 ? imageHash(`banner:${plan.key}`) : null,
    description: plan.description,
    owner_id: plan.ownerId,
    features: plan.features,
    premium_tier: plan.premiumTier,
    premium_subscription_count: plan.boosts,
    verification_level: 1,
    explicit_content_filter: 1,
    default_message_notifications: 1,
    preferred_locale: plan.locale,
    system_channel_id: firstText?.id ?? null,
    rules_channel_id: null,
    public_updates_channel_id: null,
    vanity_url_code: null,
    premium_progress_bar_enabled: false,
    roles,
    members,
    emojis: [],
  };
  return { guild, channels };
}

function regulars(from: number, count: number): string[] {
  return MEMBER_PEOPLE.slice(from, from + count).map(([username]) => SANDBOX_MEMBER_IDS[username]!);
}

/** A showcase guild: the first of its regulars owns it, the others are plain members. */
function showcase(
  key: SmallGuildPlan['key'],
  from: number,
  count: number,
  premiumTier: 0 | 1 | 2 | 3,
  boosts: number,
  description: string,
): SmallGuildPlan {
  const [ownerId, ...members] = regulars(from, count);
  return {
    key,
    ownerId: ownerId!,
    withBot: true,
    icon: imageHash(`icon:${key}`),
    description,
    premiumTier,
    boosts,
    features: [],
    locale: 'en-US',
    roles: [],
    members: members.map((userId) => ({ userId })),
    channels: [
      { key: 'lobby', type: 4, name: 'Lobby' },
      { key: 'general', type: 0, name: 'general', parent: 'lobby' },
      { key: 'announcements', type: 5, name: 'announcements', parent: 'lobby' },
      { key: 'voiceCategory', type: 4, name: 'Voice' },
      { key: 'lounge', type: 2, name: 'Lounge', parent: 'voiceCategory' },
    ],
  };
}

function buildSmallGuilds(botId: string): Array<{ guild: SandboxGuildRecord; channels: SandboxChannelRecord[] }> {
  const u = SANDBOX_USERS;
  const plans: SmallGuildPlan[] = [
    {
      key: 'pixelPainters',
      ownerId: u.demoOwner.id,
      withBot: true,
      icon: imageHash('icon:pixel-painters'),
      description: 'Share your pixel art and join the weekly palette challenge.',
      premiumTier: 1,
      boosts: 3,
      features: ['ANIMATED_ICON', 'INVITE_SPLASH'],
      locale: 'en-US',
      roles: [
        { key: 'artist', name: 'Artist', permissions: '0', color: 0x1abc9c },
        { key: 'curator', name: 'Curator', permissions: permissionBits(Permission.ManageMessages), color: 0xf1c40f, hoist: true },
      ],
      members: [
        { userId: u.demoMember.id, roles: ['artist'] },
        ...regulars(2, 8).map((userId, i) => ({ userId, roles: i < 2 ? ['curator'] : ['artist'] })),
      ],
      channels: [
        { key: 'studio', type: 4, name: 'Studio' },
        { key: 'general', type: 0, name: 'general', parent: 'studio', topic: 'Chat about art' },
        { key: 'showcase', type: 0, name: 'showcase', parent: 'studio', topic: 'Post your finished pieces' },
        { key: 'announcements', type: 5, name: 'announcements', parent: 'studio' },
        { key: 'voiceCategory', type: 4, name: 'Voice' },
        { key: 'drawingRoom', type: 2, name: 'Drawing Room', parent: 'voiceCategory' },
      ],
    },
    {
      key: 'quietLibrary',
      ownerId: u.demoOwner.id,
      withBot: false,
      icon: null,
      description: null,
      premiumTier: 0,
      boosts: 0,
      features: [],
      locale: 'en-GB',
      roles: [{ key: 'librarian', name: 'Librarian', permissions: permissionBits(Permission.ManageMessages), color: 0x95a5a6 }],
      members: regulars(12, 6).map((userId, i) => ({ userId, roles: i === 0 ? ['librarian'] : [] })),
      channels: [
        { key: 'stacks', type: 4, name: 'Stacks' },
        { key: 'general', type: 0, name: 'general', parent: 'stacks' },
        { key: 'bookClub', type: 0, name: 'book-club', parent: 'stacks', topic: 'This month: The Left Hand of Darkness' },
        { key: 'voiceCategory', type: 4, name: 'Voice' },
        { key: 'readingRoom', type: 2, name: 'Reading Room', parent: 'voiceCategory' },
      ],
    },
    {
      key: 'nightOwls',
      ownerId: u.demoExtra.id,
      withBot: true,
      icon: imageHash('icon:night-owls'),
      description: 'For people who do their best work after midnight.',
      premiumTier: 3,
      boosts: 14,
      features: ['ANIMATED_ICON', 'INVITE_SPLASH', 'BANNER', 'ROLE_ICONS', 'VANITY_URL', 'ANIMATED_BANNER', 'NEWS'],
      locale: 'de',
      roles: [{ key: 'nightOwl', name: 'Night Owl', permissions: '0', color: 0x34495e, hoist: true }],
      members: [
        { userId: u.demoMember.id, roles: ['nightOwl'], nick: 'Insomniac' },
        { userId: u.demoAdmin.id },
        { userId: u.demoOwner.id },
        ...regulars(18, 10).map((userId, i) => ({ userId, roles: i % 2 ? ['nightOwl'] : [] })),
      ],
      channels: [
        { key: 'nightShift', type: 4, name: 'Night Shift' },
        { key: 'general', type: 0, name: 'general', parent: 'nightShift' },
        { key: 'news', type: 5, name: 'late-night-news', parent: 'nightShift' },
        { key: 'music', type: 0, name: 'music', parent: 'nightShift', topic: 'Lo-fi only after 2am' },
        { key: 'voiceCategory', type: 4, name: 'Voice' },
        { key: 'midnightRadio', type: 2, name: 'Midnight Radio', parent: 'voiceCategory' },
      ],
    },
    {
      key: 'retroArcade',
      ownerId: SANDBOX_MEMBER_IDS['marisol.vega']!,
      withBot: true,
      icon: imageHash('icon:retro-arcade'),
      description: 'High scores, speedruns and cartridge trading.',
      premiumTier: 0,
      boosts: 1,
      features: ['NEWS'],
      locale: 'es-ES',
      roles: [
        { key: 'highScorer', name: 'High Scorer', permissions: '0', color: 0xe74c3c },
        { key: 'admin', name: 'Admin', permissions: permissionBits(Permission.Administrator), color: 0xc0392b, hoist: true },
      ],
      members: [
        { userId: u.demoAdmin.id, roles: ['admin'] },
        ...regulars(24, 12)
          .filter((id) => id !== SANDBOX_MEMBER_IDS['marisol.vega'])
          .map((userId, i) => ({ userId, roles: i < 3 ? ['highScorer'] : [] })),
      ],
      channels: [
        { key: 'arcade', type: 4, name: 'Arcade' },
        { key: 'general', type: 0, name: 'general', parent: 'arcade' },
        { key: 'highScores', type: 0, name: 'high-scores', parent: 'arcade' },
        { key: 'patchNotes', type: 5, name: 'patch-notes', parent: 'arcade' },
        { key: 'voiceCategory', type: 4, name: 'Voice' },
        { key: 'coop', type: 2, name: 'Co-op', parent: 'voiceCategory' },
      ],
    },
    showcase('cozyCafe', 0, 30, 2, 8, 'Coffee, cosy games and slow Sunday chats.'),
    showcase('starForge', 4, 24, 1, 4, 'Space sims, ship builds and fleet nights.'),
    showcase('tidePool', 8, 19, 1, 2, 'Marine biology fans and aquarium keepers.'),
    showcase('lanternClub', 12, 8, 0, 0, 'A small book-and-tea circle.'),
    showcase('paperPlanes', 20, 6, 0, 1, 'Origami folders of every level.'),
    showcase('quietHarbor', 28, 3, 0, 0, 'A tiny sailing club.'),
  ];
  return plans.map((plan) => buildSmallGuild(plan, botId));
}

/**
 * A webhook's token: 68 url-safe characters, as Discord's are, and random. The token is the webhook's only credential
 * (whoever holds its URL may post as it), so it must not be computable from the id, which anybody may read.
 */
export function newWebhookToken(): string {
  return randomBytes(51).toString('base64url');
}

/** One webhook per text and announcement channel of every guild the bot is in. */
export function webhooksFor(
  guild: SandboxGuildRecord,
  channels: SandboxChannelRecord[],
  botId: string,
  idFor: (channelIndex: number) => string,
): SandboxWebhookRecord[] {
  return channels
    .filter((ch) => ch.guild_id === guild.id && (ch.type === 0 || ch.type === 5))
    .map((ch, i) => {
      const id = idFor(i);
      return {
        id,
        token: newWebhookToken(),
        channel_id: ch.id,
        guild_id: guild.id,
        name: SANDBOX_BOT_USERNAME,
        avatar: null,
        application_id: botId,
        creator_id: botId,
      };
    });
}

function seededMessage(id: string, channelId: string, userId: string, content: string): SandboxMessageRecord {
  return {
    id,
    channel_id: channelId,
    type: 0,
    author: { type: 'user', user_id: userId },
    content,
    embeds: [],
    components: [],
    attachments: [],
    timestamp: discordTimestamp(snowflakeTime(id)),
    edited_timestamp: null,
    flags: 0,
    tts: false,
    mention_user_ids: [],
    mention_role_ids: [],
    mention_everyone: false,
    seeded: true,
  };
}

/**
 * The whole seeded world. The bot's id is a parameter because it is the configured OAuth2 client id,
 * which appears in member lists, managed role tags and webhooks.
 */
export function buildSandboxSeed(botId: string = SANDBOX_CLIENT_ID): SandboxSeed {
  const built = [buildCommunity(botId), ...buildSmallGuilds(botId)];
  const guilds = built.map((b) => b.guild);
  const channels = built.flatMap((b) => b.channels);
  const webhooks = built
    .filter((b) => b.guild.members.some((m) => m.user_id === botId))
    .flatMap((b) => webhooksFor(b.guild, b.channels, botId, (i) => derived(b.guild.id, 401 + i)));
  const c = SANDBOX_GUILDS.community;
  const messages = [
    seededMessage(
      derived(c.id, 501),
      c.channels.welcome,
      SANDBOX_USERS.demoOwner.id,
      'Welcome to Guildhall Community! Read #rules and say hi in #general.',
    ),
    seededMessage(derived(c.id, 502), c.channels.general, SANDBOX_MEMBER_IDS['ava.chen']!, 'Morning everyone! Movie night is on Friday.'),
    seededMessage(derived(c.id, 503), c.channels.general, SANDBOX_MEMBER_IDS['liam_okafor']!, 'Count me in 🍿'),
  ];
  for (const message of messages) {
    const ch = channels.find((x) => x.id === message.channel_id);
    if (ch) ch.last_message_id = message.id;
  }
  return { users: buildUsers(botId), guilds, channels, webhooks, messages };
}
