/** Where the public pages point outside the app. */
export const BOT_LISTING_URL = 'https://top.gg/bot/guildhall';
export const VOTE_URL = `${BOT_LISTING_URL}/vote`;
export const SUPPORT_SERVER_URL = 'https://discord.gg/guildhall';
export const CONTACT_EMAIL = 'support@guildhall.dev';
/** The server answers with Discord's bot authorization for its own client id, asking for Administrator. */
export const BOT_INVITE_PATH = '/api/invite';

/** The bot-wide marketing claims, as the home and features pages show them. */
export const STATS = [
  { value: '500+', label: 'Servers' },
  { value: '1M+', label: 'Users' },
  { value: '99.9%', label: 'Uptime' },
  { value: '24/7', label: 'Support' },
] as const;
