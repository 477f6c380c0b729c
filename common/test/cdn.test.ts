import { describe, expect, it } from 'vitest';
import {
  DISCORD_CDN,
  defaultAvatarUrl,
  displayAvatarUrl,
  guildIconUrl,
  memberAvatarUrl,
  memberBannerUrl,
  userAvatarUrl,
} from '../src/cdn.js';

const USER = '80351110224678912';

describe("Discord's CDN", () => {
  it('is cdn.discordapp.com', () => {
    expect(DISCORD_CDN).toBe('https://cdn.discordapp.com');
  });

  describe('user avatars', () => {
    it('are PNG at the size asked for, GIF when the hash is animated (a_)', () => {
      expect(userAvatarUrl({ id: USER, avatar: '8342729096ea3675442027381ff50dfe' }, 64)).toBe(
        `https://cdn.discordapp.com/avatars/${USER}/8342729096ea3675442027381ff50dfe.png?size=64`,
      );
      expect(userAvatarUrl({ id: USER, avatar: 'a_1269e74af4df7417b13759eae50c83dc' }, 128)).toBe(
        `https://cdn.discordapp.com/avatars/${USER}/a_1269e74af4df7417b13759eae50c83dc.gif?size=128`,
      );
    });

    it('are null without a hash or a user', () => {
      expect(userAvatarUrl({ id: USER, avatar: null }, 64)).toBeNull();
      expect(userAvatarUrl({ id: USER }, 64)).toBeNull();
      expect(userAvatarUrl(null, 64)).toBeNull();
      expect(userAvatarUrl(undefined, 64)).toBeNull();
    });
  });

  describe('default avatars', () => {
    it('pick one of six from the id for the new username system: (id >> 22) % 6', () => {
      // 80351110224678912 >> 22 = 19157197529, % 6 = 5
      expect(defaultAvatarUrl({ id: USER, discriminator: '0' })).toBe('https://cdn.discordapp.com/embed/avatars/5.png');
      expect(defaultAvatarUrl({ id: USER })).toBe('https://cdn.discordapp.com/embed/avatars/5.png');
      const indices = new Set(
        Array.from({ length: 12 }, (_, i) => defaultAvatarUrl({ id: String(BigInt(i) << 22n) }).match(/(\d)\.png$/)![1]),
      );
      expect([...indices].sort()).toEqual(['0', '1', '2', '3', '4', '5']);
    });

    it('pick one of five from a legacy discriminator: discriminator % 5', () => {
      expect(defaultAvatarUrl({ id: USER, discriminator: '1337' })).toBe('https://cdn.discordapp.com/embed/avatars/2.png');
      expect(defaultAvatarUrl({ id: USER, discriminator: '0005' })).toBe('https://cdn.discordapp.com/embed/avatars/0.png');
    });

    it('stand in for a missing avatar in displayAvatarUrl, never for an uploaded one', () => {
      expect(displayAvatarUrl({ id: USER, avatar: null, discriminator: '0' }, 256)).toBe('https://cdn.discordapp.com/embed/avatars/5.png');
      expect(displayAvatarUrl({ id: USER, avatar: 'abc' }, 256)).toBe(`https://cdn.discordapp.com/avatars/${USER}/abc.png?size=256`);
    });
  });

  describe('guild icons', () => {
    it('are PNG or GIF (a_) at the size asked for, null without a hash', () => {
      expect(guildIconUrl({ id: '1', icon: 'def' }, 128)).toBe('https://cdn.discordapp.com/icons/1/def.png?size=128');
      expect(guildIconUrl({ id: '1', icon: 'a_def' }, 256)).toBe('https://cdn.discordapp.com/icons/1/a_def.gif?size=256');
      expect(guildIconUrl({ id: '1', icon: null }, 128)).toBeNull();
      expect(guildIconUrl({ id: '1' }, 128)).toBeNull();
      expect(guildIconUrl(undefined, 128)).toBeNull();
    });
  });

  describe("members' guild avatars and banners", () => {
    const GUILD = '81384788765712384';
    it('are under guilds/{guild}/users/{user}/avatars|banners of the CDN given, PNG, or GIF for an a_ hash', () => {
      expect(memberAvatarUrl(DISCORD_CDN, GUILD, USER, '8342729096ea3675442027381ff50dfe', 128)).toBe(
        `https://cdn.discordapp.com/guilds/${GUILD}/users/${USER}/avatars/8342729096ea3675442027381ff50dfe.png?size=128`,
      );
      expect(memberAvatarUrl(DISCORD_CDN, GUILD, USER, 'a_1269e74af4df7417b13759eae50c83dc', 64)).toBe(
        `https://cdn.discordapp.com/guilds/${GUILD}/users/${USER}/avatars/a_1269e74af4df7417b13759eae50c83dc.gif?size=64`,
      );
      expect(memberBannerUrl(DISCORD_CDN, GUILD, USER, 'abc', 1024)).toBe(
        `https://cdn.discordapp.com/guilds/${GUILD}/users/${USER}/banners/abc.png?size=1024`,
      );
      expect(memberBannerUrl('/sandbox/discord/cdn', GUILD, USER, 'a_abc', 512)).toBe(
        `/sandbox/discord/cdn/guilds/${GUILD}/users/${USER}/banners/a_abc.gif?size=512`,
      );
    });

    it('are null without a hash (the member shows their own avatar and banner)', () => {
      for (const hash of [null, undefined, '']) {
        expect(memberAvatarUrl(DISCORD_CDN, GUILD, USER, hash, 128)).toBeNull();
        expect(memberBannerUrl(DISCORD_CDN, GUILD, USER, hash, 128)).toBeNull();
      }
    });
  });
});
