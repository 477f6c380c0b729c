import { PermissionFlagsBits } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { BOT_PERMISSIONS, canManage } from '../src/permissions.js';

describe('who may manage a server', () => {
  it('the owner, whatever their permissions', () => {
    expect(canManage({ owner: true, permissions: '0' })).toBe(true);
    expect(canManage({ owner: true })).toBe(true);
  });

  it('a member with Administrator (0x8) or Manage Server (0x20)', () => {
    expect(canManage({ owner: false, permissions: '8' })).toBe(true);
    expect(canManage({ owner: false, permissions: '32' })).toBe(true);
    // Discord sends permissions as a decimal string, beyond 2^53 nowadays.
    expect(canManage({ owner: false, permissions: (PermissionFlagsBits.ManageGuild | (1n << 60n)).toString() })).toBe(true);
  });

  it('nobody else: other bits, no bits, or none sent', () => {
    expect(canManage({ owner: false, permissions: (PermissionFlagsBits.KickMembers | PermissionFlagsBits.ManageRoles).toString() })).toBe(
      false,
    );
    expect(canManage({ owner: false, permissions: '0' })).toBe(false);
    expect(canManage({ owner: null, permissions: null })).toBe(false);
    expect(canManage({})).toBe(false);
  });

  it('the bot is invited with Administrator', () => {
    expect(BOT_PERMISSIONS).toBe(8n);
  });
});
