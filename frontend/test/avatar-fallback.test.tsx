import { canManage } from '@guildhall/common/permissions';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ICON, FallbackImage, UserAvatar } from '../src/components/FallbackImage';
import { botAbsentFrom } from '../src/pages/Selector';

afterEach(cleanup);

const img = (container: HTMLElement) => container.querySelector('img')!;

describe('one avatar fallback', () => {
  it("shows a user's Discord avatar at the size asked for", () => {
    const { container } = render(<UserAvatar user={{ id: '42', avatar: 'a_abc' }} size={128} className="h-9 w-9" />);
    expect(img(container).getAttribute('src')).toBe('https://cdn.discordapp.com/avatars/42/a_abc.gif?size=128');
    expect(img(container).getAttribute('alt')).toBe('');
    expect(img(container).className).toBe('h-9 w-9');
  });

  it('shows the default icon for a user without an avatar, or no user', () => {
    expect(img(render(<UserAvatar user={{ id: '42', avatar: null }} />).container).getAttribute('src')).toBe(DEFAULT_ICON);
    cleanup();
    expect(img(render(<UserAvatar user={null} />).container).getAttribute('src')).toBe(DEFAULT_ICON);
  });

  it('shows the default icon when an avatar or a server icon fails to load', () => {
    const avatar = img(render(<UserAvatar user={{ id: '42', avatar: 'abc' }} />).container);
    fireEvent.error(avatar);
    expect(avatar.getAttribute('src')).toBe(DEFAULT_ICON);
    cleanup();
    const icon = img(render(<FallbackImage src="https://cdn.discordapp.com/icons/1/def.png?size=128" alt="" />).container);
    fireEvent.error(icon);
    expect(icon.getAttribute('src')).toBe(DEFAULT_ICON);
  });

  it('shows the default icon for a server without an icon', () => {
    expect(img(render(<FallbackImage src={null} alt="" />).container).getAttribute('src')).toBe(DEFAULT_ICON);
  });
});

describe('Discord knowledge the browser shares with the server (@guildhall/common through Vite)', () => {
  it('the access rule, with discord-api-types permission bits', () => {
    expect(canManage({ owner: false, permissions: '32' })).toBe(true);
    expect(canManage({ owner: false, permissions: '4' })).toBe(false);
  });

  it('a settingsUrl that leaves the app is an invite, on Discord or on the sandbox', () => {
    expect(botAbsentFrom({ settingsUrl: '/manage/1/dashboard' })).toBe(false);
    expect(botAbsentFrom({ settingsUrl: 'https://discord.com/oauth2/authorize?client_id=1&guild_id=2' })).toBe(true);
    expect(botAbsentFrom({ settingsUrl: 'http://localhost:3000/sandbox/discord/oauth2/authorize?client_id=1&guild_id=2' })).toBe(true);
  });
});
