import { publishedSchemas } from '@guildhall/generated/schemas';
import { validateSection } from '@guildhall/generated/validators';
import type { GreetingSettings } from '@guildhall/generated/types';
import { describe, expect, it } from 'vitest';
import {
  fillGreetingPlaceholders,
  fillLevelUpPlaceholders,
  GREETING_PLACEHOLDERS,
  LEVEL_UP_PLACEHOLDERS,
  type PlaceholderValues,
} from '../src/pages/manage/shared/placeholders';
import { greetingMessage } from '@guildhall/common/greeting';

const VALUES: PlaceholderValues = {
  'member.name': 'Demo Owner',
  'member.tag': 'demo-owner',
  'member.id': '1100000000000000101',
  'member.mention': '<@1100000000000000101>',
  'member.avatar': 'https://cdn.discordapp.com/avatars/1100000000000000101/abc.png',
  'member.createdAt': '<t:1420070400:D>',
  'member.joinedAt': '<t:1700000000:D>',
  'server.name': 'Guildhall Community',
  'server.id': '1100000000000010000',
  'server.icon': 'https://cdn.discordapp.com/icons/1100000000000010000/def.png',
  'server.members': '40',
  'server.owner': '<@1100000000000000101>',
  'server.boosts': '7',
  'server.boostTier': '2',
};

describe('greeting placeholders', () => {
  it('are the spec’s fourteen, read from schemas/common/greeting-placeholder.json, each with a label', () => {
    expect(GREETING_PLACEHOLDERS.map((p) => p.name)).toEqual([
      'member.name',
      'member.tag',
      'member.id',
      'member.mention',
      'member.avatar',
      'member.createdAt',
      'member.joinedAt',
      'server.name',
      'server.id',
      'server.icon',
      'server.members',
      'server.owner',
      'server.boosts',
      'server.boostTier',
    ]);
    expect(GREETING_PLACEHOLDERS.map((p) => p.name)).toEqual((publishedSchemas['greeting-placeholder'] as { enum: string[] }).enum);
    for (const p of GREETING_PLACEHOLDERS) expect(p.label.length).toBeGreaterThan(5);
  });

  it('fills every placeholder, keeps unknown ones visible, and turns a typed \\n into a line break', () => {
    const text = GREETING_PLACEHOLDERS.map((p) => `{${p.name}}`).join('|');
    expect(fillGreetingPlaceholders(text, VALUES)).toBe(Object.values(VALUES).join('|'));
    expect(fillGreetingPlaceholders('Hi {member.name}!\\nEnjoy {server.name}. {member.nickname} {oops}', VALUES)).toBe(
      'Hi Demo Owner!\nEnjoy Guildhall Community. {member.nickname} {oops}',
    );
  });
});

describe('level-up placeholders', () => {
  const sample = { userId: '1100000000000000101', username: 'demo-owner', displayName: 'Demo Owner', serverName: 'Guildhall Community' };
  it('fill with sample level 5 and member count 100 by default', () => {
    // In the spec's order; the list itself lives in schemas/common/level-up-placeholder.json.
    expect(LEVEL_UP_PLACEHOLDERS).toEqual([
      '{member:mention}',
      '{member:tag}',
      '{member:name}',
      '{member}',
      '{username}',
      '{user}',
      '{level}',
      '{server}',
      '{count}',
    ]);
    expect(fillLevelUpPlaceholders(LEVEL_UP_PLACEHOLDERS.join(' '), sample)).toBe(
      '<@1100000000000000101> demo-owner Demo Owner <@1100000000000000101> demo-owner <@1100000000000000101> 5 Guildhall Community 100',
    );
  });
  it('turn \\n into a new line and leave other braces alone', () => {
    expect(fillLevelUpPlaceholders('GG {member:name}!\\nLevel {level} of {server} {xp}', { ...sample, level: 7 })).toBe(
      'GG Demo Owner!\nLevel 7 of Guildhall Community {xp}',
    );
  });
});

describe('greeting message (what the preview shows and the bot posts)', () => {
  const defaults = (validateSection('greeting', {}) as { value: unknown }).value as GreetingSettings;

  it('defaults: type both, thumbnail on, welcome #068ADD and farewell #ED4245', () => {
    const welcome = greetingMessage(defaults.welcome, VALUES);
    expect(welcome.content).toBe('Welcome <@1100000000000000101> to **Guildhall Community**! We now have 40 members.');
    expect(welcome.embeds).toHaveLength(1);
    expect(welcome.embeds![0]).toMatchObject({
      color: 0x068add,
      title: 'Welcome to Guildhall Community!',
      thumbnail: { url: VALUES['member.avatar'] },
    });
    expect(greetingMessage(defaults.farewell, VALUES).embeds![0]!.color).toBe(0xed4245);
  });

  it('sends the text only for type message and the embed only for type embed', () => {
    expect(greetingMessage({ ...defaults.welcome, type: 'message' }, VALUES).embeds).toBeUndefined();
    expect(greetingMessage({ ...defaults.welcome, type: 'embed' }, VALUES).content).toBeUndefined();
  });

  it('fills the embed: author with icon, footer, image, and no thumbnail when it is off', () => {
    const embed = greetingMessage(
      {
        ...defaults.welcome,
        type: 'embed',
        embed: {
          ...defaults.welcome.embed,
          thumbnail: false,
          footer: '{server.members} members',
          image: '{server.icon}',
          author: { name: '{server.name}', iconURL: '{server.icon}' },
        },
      },
      VALUES,
    ).embeds![0]!;
    expect(embed.thumbnail).toBeUndefined();
    expect(embed.footer).toEqual({ text: '40 members' });
    expect(embed.image).toEqual({ url: VALUES['server.icon'] });
    expect(embed.author).toEqual({ name: 'Guildhall Community', icon_url: VALUES['server.icon'] });
  });
});
