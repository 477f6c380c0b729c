/** The manage sidebar (spec 1:2.7), spelled as the spec spells it, 'BESIC FEATURES' included. */
export interface MenuItem {
  name: string;
  path: string;
  description?: string;
  premium: boolean;
}
export interface MenuGroup {
  heading?: string;
  items: MenuItem[];
}

export const MANAGE_MENU: MenuGroup[] = [
  {
    items: [
      { name: 'Dashboard', path: 'dashboard', description: 'Overview of your server, the bot and quick actions.', premium: false },
      { name: 'Bot Personalizer', path: 'personalizer', premium: false },
      { name: 'Server Settings', path: 'basic', description: 'Prefix, invite tracking and translation.', premium: false },
    ],
  },
  {
    heading: 'BESIC FEATURES',
    items: [
      { name: 'Levels', path: 'progression', description: 'XP for chatting, level-up messages and ranks.', premium: false },
      { name: 'Reaction Roles', path: 'reactionroles', description: 'Let members pick roles by reacting to a message.', premium: false },
      {
        name: 'Welcome Configuration',
        path: 'welcome',
        description: 'Greet new members and say goodbye, as messages or embeds.',
        premium: false,
      },
    ],
  },
  {
    heading: 'SERVER MANAGEMENT',
    items: [
      { name: 'Ticket Management', path: 'tickets', description: 'Support tickets with panels, limits and transcripts.', premium: false },
      {
        name: 'Antinuke Configuration',
        path: 'antinuke',
        description: 'Stop mass bans, channel deletions and other raids.',
        premium: false,
      },
      { name: 'Embeds Configuration', path: 'embeds', description: 'Design and send rich embed messages.', premium: false },
      // Not in the spec's sidebar, but its pages exist and people must be able to reach them.
      { name: 'Moderation', path: 'moderation', description: 'Warning threshold, enforcement and the moderation log.', premium: false },
      { name: 'Join DMs', path: 'joindms', description: 'A direct message to every member who joins.', premium: false },
    ],
  },
];

export function filterMenu(menu: MenuGroup[], query: string): MenuGroup[] {
  const q = query.trim().toLowerCase();
  if (!q) return menu;
  return menu.map((g) => ({ ...g, items: g.items.filter((i) => i.name.toLowerCase().includes(q)) })).filter((g) => g.items.length > 0);
}

/** Spec 1:2.7: servers whose settingsUrl names the legacy domain are hidden from the switcher. */
export const LEGACY_DISCORD_HOST = 'discordapp.com';
