/** Shapes of API answers as the frontend reads them (their schemas live in schemas/api/). */
export interface GuildSummary {
  id: string;
  name: string;
  iconURL: string | null;
  settingsUrl: string;
  permissions?: string;
  owner?: boolean;
}

export interface CurrentUser {
  id: string;
  username: string;
  global_name?: string | null;
  avatar: string | null;
  discriminator: string;
  email: string | null;
  discord_id: string;
  guilds: GuildSummary[];
  /** Discord could not be asked for the guilds just now; the user is still signed in. */
  guildsError?: string;
}

export interface Channel {
  id: string;
  name: string;
  type: number;
  position: number;
  parent_id: string | null;
}

export interface Role {
  id: string;
  name: string;
  color: number;
  position: number;
  managed: boolean;
}

export interface SettingsEnvelope<T = Record<string, unknown>> {
  success: true;
  section: string;
  version: number;
  settings: T;
}
