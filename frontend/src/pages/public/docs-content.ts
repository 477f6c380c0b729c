/** The command reference of the documentation page (sections, search over title and description). */
export interface DocCommand {
  /** The title searched and shown. */
  title: string;
  /** What is copied: the command as typed. */
  usage: string;
  description: string;
  ownerOnly?: boolean;
}

export interface DocSection {
  id: string;
  title: string;
  intro: string;
  commands: DocCommand[];
}

export const DOC_SECTIONS: DocSection[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    intro:
      'Invite Guildhall, run the setup once, then fine-tune everything from the dashboard. Slash commands work everywhere; the text prefix is at most 2 characters.',
    commands: [
      { title: 'Setup', usage: '/setup', description: 'Walks you through logs, moderation roles and protection in a few questions.' },
      { title: 'Help', usage: '/help [command]', description: 'Lists every command, or explains one command and its options.' },
      { title: 'Prefix', usage: '/prefix <new prefix>', description: 'Changes the text-command prefix (at most 2 characters).' },
      { title: 'Ping', usage: '/ping', description: 'Shows the bot latency, to check it is online.' },
    ],
  },
  {
    id: 'auto-moderation',
    title: 'Auto moderation',
    intro:
      'Filters act on messages before your moderators see them. Each rule adds strikes; at the strike threshold (5 by default) the punishment applies.',
    commands: [
      {
        title: 'Automod enable',
        usage: '/automod enable',
        description: 'Turns on the spam, flood, link and mention filters with safe defaults.',
      },
      {
        title: 'Mass mention limit',
        usage: '/automod massmention <count>',
        description: 'Punishes messages that mention more users than the limit (3 by default).',
      },
      {
        title: 'Strike threshold',
        usage: '/automod strikes <count>',
        description: 'Sets how many strikes lead to the punishment (default 5).',
      },
      {
        title: 'Bad words',
        usage: '/automod badwords add <word>',
        description: 'Adds a word or phrase that is deleted wherever it is posted.',
      },
      {
        title: 'Ignore channel',
        usage: '/automod ignore <channel>',
        description: 'Lets a channel skip the filters, for example a staff channel.',
      },
    ],
  },
  {
    id: 'anti-nuke',
    title: 'Anti-nuke',
    intro:
      'AntiNuke watches destructive actions (mass bans, kicks, channel, role, webhook and emoji changes) and punishes whoever is not trusted. Only the server owner can manage extra owners.',
    commands: [
      { title: 'AntiNuke enable', usage: '/antinuke enable', description: 'Turns on every protection module with automatic recovery.' },
      { title: 'Whitelist add', usage: '/whitelist add <user>', description: 'Trusts a user: their actions never trigger AntiNuke.' },
      { title: 'Whitelist remove', usage: '/whitelist remove <user>', description: 'Removes a user from the whitelist.' },
      {
        title: 'Extra owner add',
        usage: '/extraowner add <user>',
        description: 'Owner only: gives a user the right to change AntiNuke settings and the whitelist.',
        ownerOnly: true,
      },
      {
        title: 'Extra owner remove',
        usage: '/extraowner remove <user>',
        description: 'Owner only: takes those rights back.',
        ownerOnly: true,
      },
      { title: 'Extra owner list', usage: '/extraowner list', description: 'Owner only: lists the extra owners.', ownerOnly: true },
    ],
  },
  {
    id: 'tickets',
    title: 'Tickets',
    intro: 'Members open private support tickets from a panel; your team answers, closes and keeps transcripts.',
    commands: [
      { title: 'Ticket panel', usage: '/ticket panel <channel>', description: 'Posts a panel with a button that opens a ticket.' },
      { title: 'Ticket close', usage: '/ticket close [reason]', description: 'Closes the current ticket and saves its transcript.' },
      { title: 'Ticket add', usage: '/ticket add <user>', description: 'Adds a member to the current ticket.' },
      { title: 'Ticket transcript', usage: '/ticket transcript', description: 'Saves a transcript of the current ticket now.' },
    ],
  },
  {
    id: 'music',
    title: 'Music',
    intro: 'Play music in a voice channel with a shared queue.',
    commands: [
      { title: 'Play', usage: '/play <song or link>', description: 'Plays a song or adds it to the queue.' },
      { title: 'Skip', usage: '/skip', description: 'Skips to the next song in the queue.' },
      { title: 'Queue', usage: '/queue', description: 'Shows the songs waiting to play.' },
      { title: 'Volume', usage: '/volume <1-100>', description: 'Sets the volume from 1 to 100.' },
      { title: 'Stop', usage: '/stop', description: 'Stops the music and leaves the voice channel.' },
    ],
  },
  {
    id: 'giveaways',
    title: 'Giveaways',
    intro: 'Run timed giveaways; winners are drawn and announced automatically.',
    commands: [
      {
        title: 'Giveaway start',
        usage: '/giveaway start <duration> <winners> <prize>',
        description: 'Starts a giveaway in this channel, for example 1d, 2 winners.',
      },
      { title: 'Giveaway end', usage: '/giveaway end <message id>', description: 'Ends a giveaway early and draws the winners.' },
      { title: 'Giveaway reroll', usage: '/giveaway reroll <message id>', description: 'Draws new winners for a finished giveaway.' },
    ],
  },
  {
    id: 'economy',
    title: 'Economy',
    intro: 'A server currency members earn by being active and spend in your shop.',
    commands: [
      { title: 'Balance', usage: '/balance [user]', description: 'Shows a wallet and bank balance.' },
      { title: 'Daily', usage: '/daily', description: 'Claims the daily reward once every 24 hours.' },
      { title: 'Pay', usage: '/pay <user> <amount>', description: 'Sends coins to another member.' },
      { title: 'Shop', usage: '/shop', description: 'Lists the roles and items for sale.' },
    ],
  },
  {
    id: 'moderation',
    title: 'Moderation',
    intro: 'Manual tools for your staff; every action is written to the mod log.',
    commands: [
      {
        title: 'Warn',
        usage: '/warn <user> [reason]',
        description: 'Warns a member; at the warning threshold the automatic action applies.',
      },
      { title: 'Timeout', usage: '/timeout <user> <duration> [reason]', description: 'Mutes a member for a while.' },
      { title: 'Kick', usage: '/kick <user> [reason]', description: 'Removes a member from the server.' },
      { title: 'Ban', usage: '/ban <user> [reason]', description: 'Bans a member, optionally deleting their recent messages.' },
      { title: 'Purge', usage: '/purge <count>', description: 'Deletes recent messages in this channel.' },
      { title: 'Purge bots', usage: '/purge bots <count>', description: 'Deletes recent messages sent by bots (at most 99 at a time).' },
    ],
  },
  {
    id: 'suggestions',
    title: 'Suggestions',
    intro: 'Collect ideas from members and decide on them in the open.',
    commands: [
      { title: 'Suggest', usage: '/suggest <idea>', description: 'Posts a suggestion in the suggestion channel for voting.' },
      {
        title: 'Suggestion approve',
        usage: '/suggestion approve <id> [reason]',
        description: 'Approves a suggestion and tells its author.',
      },
      { title: 'Suggestion deny', usage: '/suggestion deny <id> [reason]', description: 'Denies a suggestion with a reason.' },
    ],
  },
  {
    id: 'utility',
    title: 'Utility',
    intro: 'Everyday helpers for members and staff.',
    commands: [
      { title: 'Server info', usage: '/serverinfo', description: 'Shows the server owner, creation date, member count and boosts.' },
      { title: 'User info', usage: '/userinfo [user]', description: 'Shows when a member joined and their roles.' },
      { title: 'Poll', usage: '/poll <question> <options>', description: 'Starts a poll with reaction voting.' },
      { title: 'Remind', usage: '/remind <time> <text>', description: 'Sends you a reminder later.' },
      { title: 'Avatar', usage: '/avatar [user]', description: "Shows a member's avatar in full size." },
    ],
  },
  {
    id: 'admin-configuration',
    title: 'Admin and configuration',
    intro: 'Server-wide settings for administrators. Most of them are also on the dashboard.',
    commands: [
      { title: 'Config', usage: '/config', description: 'Shows the current configuration and a link to the dashboard.' },
      { title: 'Log channel', usage: '/config logs <channel>', description: 'Chooses where moderation and protection logs go.' },
      { title: 'Welcome channel', usage: '/config welcome <channel>', description: 'Chooses where welcome messages are posted.' },
      { title: 'Auto role', usage: '/autorole add <role>', description: 'Gives a role to every new member.' },
      { title: 'Reset', usage: '/config reset', description: 'Owner only: restores every setting to its default.', ownerOnly: true },
    ],
  },
];

/** Case-insensitive text search over each command's title and description; sections without a match are left out. */
export function searchDocs(sections: readonly DocSection[], query: string): DocSection[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...sections];
  return sections
    .map((section) => ({
      ...section,
      commands: section.commands.filter((c) => c.title.toLowerCase().includes(q) || c.description.toLowerCase().includes(q)),
    }))
    .filter((section) => section.commands.length > 0);
}
