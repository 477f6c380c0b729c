// Converting a message of embeds between the dashboard's shape and Discord's.
import { publishedSchemas } from '@guildhall/generated/schemas';
import type { DiscordEmbed } from '@guildhall/generated/types';
import { describe, expect, it } from 'vitest';
import {
  characters,
  colourToHex,
  colourToNumber,
  embedFromFetched,
  fromApiEmbed,
  messageCharacters,
  parseMessageLink,
  toApiEmbed,
  toApiMessage,
  toFetchedEmbed,
} from '../src/embed-message.js';

/** An embed as the schema's defaults make it, with a colour. */
function blank(): DiscordEmbed {
  const props = publishedSchemas['discord-embed'].properties as Record<string, { default?: unknown }>;
  return { ...(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, v.default])) as unknown as DiscordEmbed), color: '#5865F2' };
}

const full: DiscordEmbed = {
  title: 'About',
  description: 'Hello',
  url: 'https://example.com',
  color: '#57F287',
  timestamp: '2026-11-22T10:00:00.000Z',
  author: { name: 'Guildhall', url: 'https://example.com/a', icon_url: 'https://example.com/a.png' },
  fields: [{ name: 'One', value: 'Two', inline: true }],
  thumbnail: { url: 'https://example.com/t.png' },
  image: { url: 'https://example.com/i.png' },
  footer: { text: 'Footer', icon_url: 'https://example.com/f.png' },
};

describe('embed message', () => {
  it('leaves out what is empty when turning an embed into Discord shape', () => {
    expect(toApiEmbed(blank())).toEqual({ color: 0x5865f2 });
    expect(toApiMessage({ content: '', embeds: [blank()] })).toEqual({ embeds: [{ color: 0x5865f2 }] });
  });

  it('round-trips a full embed through Discord shape and through get-by-id', () => {
    const api = toApiEmbed(full);
    expect(api.color).toBe(0x57f287);
    expect(fromApiEmbed(api)).toEqual(full);
    const fetched = toFetchedEmbed(api);
    expect(fetched.author?.iconURL).toBe('https://example.com/a.png');
    expect(fetched.footer?.iconURL).toBe('https://example.com/f.png');
    expect(embedFromFetched(fetched)).toEqual(full);
  });

  it('counts characters as Discord does, over the parts it counts', () => {
    expect(characters('🎫ab')).toBe(3);
    // title 5 + description 5 + author 9 + footer 6 + field 3 + 3; the URL is not counted.
    expect(messageCharacters([full])).toBe(31);
    expect(messageCharacters([full, full])).toBe(62);
  });

  it('reads colours in #RRGGBB and writes them back upper-case', () => {
    expect(colourToNumber('#ffffff')).toBe(0xffffff);
    expect(colourToNumber('red')).toBeUndefined();
    expect(colourToHex(0x068add)).toBe('#068ADD');
    expect(colourToHex(0x1000000)).toBeUndefined();
  });

  it('reads a copied message link, and nothing else', () => {
    expect(parseMessageLink(' https://discord.com/channels/1100000000000010000/1100000000000010106/1100000000000099999 ')).toEqual({
      guildId: '1100000000000010000',
      channelId: '1100000000000010106',
      messageId: '1100000000000099999',
    });
    expect(parseMessageLink('https://ptb.discord.com/channels/1100000000000010000/1100000000000010106/1100000000000099999')).not.toBeNull();
    expect(parseMessageLink('https://evil.example/channels/1100000000000010000/1100000000000010106/1100000000000099999')).toBeNull();
    expect(parseMessageLink('1100000000000099999')).toBeNull();
  });
});
