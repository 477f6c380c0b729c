import type { GreetingSettings } from '@guildhall/generated/types';
import { validateSection } from '@guildhall/generated/validators';
import { describe, expect, it } from 'vitest';
import {
  GREETING_PLACEHOLDER_NAMES,
  fillGreetingPlaceholders,
  greetingMessage,
  greetingPlaceholderValues,
  userTag,
  type GreetingSubject,
} from '../src/greeting.js';

const NOW = new Date('2026-03-01T12:00:00Z');
const USER = { id: '175928847299117063', username: 'demo-owner', global_name: 'Demo Owner', discriminator: '0', avatar: 'abc' };
const GUILD = { id: '1100000000000010000', name: 'Guildhall Community' };
const subject = (extra: Partial<GreetingSubject> = {}): GreetingSubject => ({ user: USER, guild: GUILD, now: NOW, ...extra });

describe('greeting placeholder values (the server’s Send Preview and the browser’s preview)', () => {
  it('give every placeholder of the schema a value', () => {
    expect(Object.keys(greetingPlaceholderValues(subject())).sort()).toEqual([...GREETING_PLACEHOLDER_NAMES].sort());
  });

  it('describe the member from the user: name, tag, id, mention, avatar and account age', () => {
    expect(greetingPlaceholderValues(subject())).toMatchObject({
      'member.name': 'Demo Owner',
      'member.tag': 'demo-owner',
      'member.id': USER.id,
      'member.mention': `<@${USER.id}>`,
      'member.avatar': `https://cdn.discordapp.com/avatars/${USER.id}/abc.png?size=256`,
      // Discord's example id: made 2016-04-30T11:18:25Z.
      'member.createdAt': `<t:${Date.parse('2016-04-30T11:18:25Z') / 1000}:D>`,
    });
  });

  it("prefer the member's nickname, then the display name, then the username", () => {
    expect(greetingPlaceholderValues(subject({ member: { nick: 'Nick' } }))['member.name']).toBe('Nick');
    expect(greetingPlaceholderValues(subject({ member: { nick: null } }))['member.name']).toBe('Demo Owner');
    expect(greetingPlaceholderValues(subject({ user: { ...USER, global_name: null } }))['member.name']).toBe('demo-owner');
  });

  it("use Discord's default avatar for a user without one", () => {
    const values = greetingPlaceholderValues(subject({ user: { ...USER, avatar: null } }));
    expect(values['member.avatar']).toMatch(/^https:\/\/cdn\.discordapp\.com\/embed\/avatars\/[0-5]\.png$/);
  });

  it('date the join from the membership, or now for someone who has not joined (the browser’s preview)', () => {
    const joined = greetingPlaceholderValues(subject({ member: { joined_at: '2024-05-01T12:00:00.123000+00:00' } }));
    expect(joined['member.joinedAt']).toBe(`<t:${Date.parse('2024-05-01T12:00:00Z') / 1000}:D>`);
    expect(greetingPlaceholderValues(subject({ member: null }))['member.joinedAt']).toBe(`<t:${NOW.getTime() / 1000}:D>`);
  });

  it('describe the server, with stand-ins for what the caller does not know', () => {
    expect(greetingPlaceholderValues(subject())).toMatchObject({
      'server.name': 'Guildhall Community',
      'server.id': GUILD.id,
      'server.icon': '',
      'server.members': '0',
      'server.owner': '@Server Owner',
      'server.boosts': '0',
      'server.boostTier': '0',
    });
    const known = greetingPlaceholderValues(
      subject({ guild: { ...GUILD, iconUrl: 'https://x/icon.png', ownerId: '5', memberCount: 40, boostCount: 7, boostTier: 2 } }),
    );
    expect(known).toMatchObject({
      'server.icon': 'https://x/icon.png',
      'server.members': '40',
      'server.owner': '<@5>',
      'server.boosts': '7',
      'server.boostTier': '2',
    });
  });

  it("write a legacy user's tag with the discriminator", () => {
    expect(userTag({ username: 'old', discriminator: '1234' })).toBe('old#1234');
    expect(userTag({ username: 'new', discriminator: '0' })).toBe('new');
    expect(userTag({ username: 'new' })).toBe('new');
  });
});

describe('filling greeting placeholders', () => {
  const values = greetingPlaceholderValues(subject());
  it('replaces known placeholders, keeps unknown ones as typed, and turns a typed \\n into a line break', () => {
    expect(fillGreetingPlaceholders('Hi {member.name}\\nfrom {server.name} {member.nope}', values)).toBe(
      'Hi Demo Owner\nfrom Guildhall Community {member.nope}',
    );
    expect(fillGreetingPlaceholders(undefined, values)).toBe('');
  });
});

describe('the greeting message', () => {
  const defaults = (validateSection('greeting', {}) as { value: unknown }).value as GreetingSettings;
  const values = greetingPlaceholderValues(subject());

  it('stamps the embed with the time it is sent', () => {
    expect(greetingMessage(defaults.welcome, values, NOW).embeds![0]!.timestamp).toBe(NOW.toISOString());
  });

  it('leaves out empty parts, non-http images and a colour that is not #rrggbb', () => {
    const empty = { ...defaults.welcome.embed, title: ' ', description: '', footer: '', author: { name: '', iconURL: '' }, image: '' };
    expect(greetingMessage({ ...defaults.welcome, type: 'both', content: '  ', embed: empty }, values)).toEqual({});
    const embed = greetingMessage(
      { ...defaults.welcome, type: 'embed', embed: { ...defaults.welcome.embed, color: 'blue', image: 'javascript:alert(1)' } },
      values,
    ).embeds![0]!;
    expect(embed.color).toBeUndefined();
    expect(embed.image).toBeUndefined();
  });
});
