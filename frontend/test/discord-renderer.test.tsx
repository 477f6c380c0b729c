import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DiscordMessage, fieldLayout, type DiscordEmbedData, type MentionNames } from '../src/components/discord';
import { formatDiscordTimestamp } from '../src/components/discord/timestamp';

const BOT = { name: 'Guildhall', avatarUrl: '/favicon.svg', bot: true };
const MENTIONS: MentionNames = {
  users: { '1100000000000000101': 'Demo Owner' },
  roles: { '1100000000000010203': { name: 'Moderator', color: 0x3498db } },
  channels: { '1100000000000010106': 'general' },
};

function renderContent(content: string) {
  return render(<DiscordMessage author={BOT} mentions={MENTIONS} message={{ content }} />).container.querySelector('[data-content]')!;
}

afterEach(cleanup);

describe('Discord message renderer: content in Discord markdown', () => {
  it.each([
    ['**bold**', 'strong', 'bold'],
    ['*italic*', 'em', 'italic'],
    ['_italic_', 'em', 'italic'],
    ['__underline__', 'u', 'underline'],
    ['~~strike~~', 's', 'strike'],
    ['`inline code`', 'code', 'inline code'],
    ['> a quote', 'blockquote', 'a quote'],
  ])('%s renders as <%s>', (source, tag, text) => {
    const el = renderContent(source).querySelector(tag);
    expect(el?.textContent).toBe(text);
  });

  it('nests styles: ***bold italic*** and __*underlined italic*__', () => {
    const content = renderContent('***both*** __*ui*__');
    expect(content.querySelector('strong em, em strong')?.textContent).toBe('both');
    expect(content.querySelector('u em')?.textContent).toBe('ui');
  });

  it('hides a spoiler until it is pressed', () => {
    const content = renderContent('before ||secret|| after');
    const spoiler = screen.getByRole('button', { name: 'Spoiler, press to reveal' });
    expect(spoiler.className).toContain('text-transparent');
    fireEvent.click(spoiler);
    expect(screen.queryByRole('button', { name: 'Spoiler, press to reveal' })).toBeNull();
    expect(content.textContent).toBe('before secret after');
  });

  it('renders a code block with its language and keeps its text as written', () => {
    const pre = renderContent('```js\nconst a = 1;\n**not bold**\n```').querySelector('pre')!;
    expect(pre.dataset.lang).toBe('js');
    expect(pre.textContent).toBe('const a = 1;\n**not bold**');
    expect(pre.querySelector('strong')).toBeNull();
  });

  it('renders headers (#, ##, ###) and -# subtext', () => {
    const content = renderContent('# One\n## Two\n### Three\n-# small print');
    expect([...content.querySelectorAll('[data-heading]')].map((h) => [h.getAttribute('data-heading'), h.textContent])).toEqual([
      ['1', 'One'],
      ['2', 'Two'],
      ['3', 'Three'],
    ]);
    expect(content.textContent).toContain('small print');
  });

  it('renders bulleted and numbered lists, with nesting and a start number', () => {
    const content = renderContent('Rules:\n- be kind\n- no spam\n  - really\n3. three\n4. four\nThanks');
    const ul = content.querySelector('ul')!;
    expect([...ul.querySelectorAll(':scope > li')].map((li) => li.firstChild?.textContent)).toEqual(['be kind', 'no spam']);
    expect(ul.querySelector('li ul li')?.textContent).toBe('really');
    const ol = content.querySelector('ol')!;
    expect(ol.getAttribute('start')).toBe('3');
    expect([...ol.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['three', 'four']);
    expect(content.textContent?.endsWith('Thanks')).toBe(true);
    // A dash inside a sentence is not a list.
    expect(renderContent('a - b').querySelector('ul')).toBeNull();
  });

  it('shows emoji as typed, and parses such a text again once the emoji pattern has loaded', async () => {
    // The library's lists start after an emoji followed by spaces (as after bold text): that shows once it is loaded.
    const content = renderContent('Hi 😀 - there 👍🏽');
    expect(content.textContent).toBe('Hi 😀 - there 👍🏽');
    await screen.findByRole('list');
    expect(content.textContent).toBe('Hi 😀 there 👍🏽');
    expect(content.querySelector('li')?.textContent).toBe('there 👍🏽');
  });

  it('renders masked links and bare URLs as links that open in a new tab, and refuses other schemes', () => {
    const content = renderContent('[Rules](https://example.com/rules) and https://guildhall.dev and [x](javascript:alert(1))');
    const links = [...content.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')])).toEqual([
      ['Rules', 'https://example.com/rules', '_blank', 'noreferrer noopener'],
      ['https://guildhall.dev', 'https://guildhall.dev', '_blank', 'noreferrer noopener'],
    ]);
  });

  it('shows user, role and channel mentions by name, unknown ones as Discord does, and @everyone', () => {
    const content = renderContent(
      'Hi <@1100000000000000101> and <@!1100000000000000101>, ping <@&1100000000000010203> in <#1100000000000010106>; <@1100000000000000999> <#1100000000000000998> @everyone',
    );
    expect(content.textContent).toBe(
      'Hi @Demo Owner and @Demo Owner, ping @Moderator in #general; @unknown-user #unknown-channel @everyone',
    );
    const role = [...content.querySelectorAll('span')].find((s) => s.textContent === '@Moderator')!;
    expect(role.getAttribute('style')).toContain('color: #3498db');
  });

  it('renders <t:…> timestamps in each style, with a machine-readable time', () => {
    const seconds = 1_700_000_000;
    const content = renderContent(`<t:${seconds}:D> | <t:${seconds}:t> | <t:${seconds}:R> | <t:${seconds}>`);
    const times = [...content.querySelectorAll('time')];
    expect(times).toHaveLength(4);
    expect(times[0]!.getAttribute('datetime')).toBe(new Date(seconds * 1000).toISOString());
    expect(times[0]!.textContent).toBe(formatDiscordTimestamp(seconds, 'D'));
    expect(times[0]!.textContent).toMatch(/2023/);
    expect(times[2]!.textContent).toMatch(/ago/);
    expect(formatDiscordTimestamp(Date.now() / 1000 + 3 * 3600, 'R', Date.now(), 'en-US')).toBe('in 3 hours');
  });

  it('keeps line breaks and shows the author with the app tag', () => {
    const { container } = render(<DiscordMessage author={BOT} message={{ content: 'line 1\nline 2' }} />);
    expect(container.querySelectorAll('[data-content] br')).toHaveLength(1);
    screen.getByText('Guildhall');
    screen.getByText('APP');
  });

  it('renders a 2000-character message in full', () => {
    const content = `${'word '.repeat(399)}end!!`;
    expect(content.length).toBe(2000);
    expect(renderContent(content).textContent).toBe(content);
  });
});

const FULL_EMBED: DiscordEmbedData = {
  author: { name: 'Guildhall Community', icon_url: 'https://cdn.discordapp.com/icons/1/a.png' },
  title: 'Welcome, **Demo**!',
  description: 'Read <#1100000000000010106> first.',
  color: 0x068add,
  thumbnail: { url: 'https://cdn.discordapp.com/avatars/1/b.png' },
  image: { url: 'https://example.com/banner.png' },
  footer: { text: 'Member #40', icon_url: 'https://cdn.discordapp.com/icons/1/a.png' },
  timestamp: new Date().toISOString(),
  fields: [
    { name: 'Rules', value: 'Be kind', inline: true },
    { name: 'Roles', value: 'Pick one', inline: true },
    { name: 'About', value: 'A longer text', inline: false },
  ],
};

describe('Discord message renderer: embeds', () => {
  it('shows every part: colour bar, author with icon, title, description, fields, thumbnail, image, footer with icon, timestamp', () => {
    const { container } = render(<DiscordMessage author={BOT} mentions={MENTIONS} message={{ embeds: [FULL_EMBED] }} />);
    const embed = container.querySelector('[data-embed]') as HTMLElement;
    expect(embed.style.borderLeftColor).toMatch(/^(#068add|rgb\(6, 138, 221\))$/i);
    expect(embed.textContent).toContain('Guildhall Community');
    expect(embed.querySelector('[data-embed-title] strong')?.textContent).toBe('Demo');
    expect(embed.querySelector('[data-embed-description]')?.textContent).toBe('Read #general first.');
    expect(screen.getByAltText('Embed thumbnail').getAttribute('src')).toBe(FULL_EMBED.thumbnail!.url);
    expect(screen.getByAltText('Embed image').getAttribute('src')).toBe(FULL_EMBED.image!.url);
    expect(embed.textContent).toMatch(/Member #40\s*•\s*Today at /);
    expect(embed.querySelectorAll('img')).toHaveLength(4); // author icon, image, thumbnail, footer icon
    expect(embed.querySelectorAll('[data-embed-field]')).toHaveLength(3);
  });

  it('lays out 25 inline fields three to a row, each row shared evenly', () => {
    const fields = Array.from({ length: 25 }, (_, i) => ({ name: `Field ${i + 1}`, value: `Value ${i + 1}`, inline: true }));
    const { container } = render(<DiscordMessage author={BOT} message={{ embeds: [{ title: 'Grid', fields }] }} />);
    const rows = [...container.querySelectorAll<HTMLElement>('[data-embed-row]')];
    expect(container.querySelectorAll('[data-embed-field]')).toHaveLength(25);
    // 8 full rows of three, then the last field alone across the row.
    expect(rows.map((row) => row.querySelectorAll('[data-embed-field]').length)).toEqual([3, 3, 3, 3, 3, 3, 3, 3, 1]);
    expect(rows[8]!.textContent).toBe('Field 25Value 25');
    // Never narrower than a few words (or the row, if less): a narrow embed puts fewer fields side by side.
    expect(rows[0]!.querySelector('[data-embed-field]')!.className).toContain('min-w-[min(100%,9rem)]');
  });

  it('puts two inline fields to a row beside a thumbnail, and a non-inline field on a row of its own', () => {
    const f = (name: string, inline: boolean) => ({ name, value: name, inline });
    const layout = (fields: ReturnType<typeof f>[], thumb: boolean) => fieldLayout(fields, thumb).map((row) => row.map((x) => x.name));
    expect(layout([f('a', true), f('b', true), f('c', true)], true)).toEqual([['a', 'b'], ['c']]);
    expect(layout([f('a', true), f('b', false), f('c', true), f('d', true)], false)).toEqual([['a'], ['b'], ['c', 'd']]);
  });

  it('shows at most 10 embeds', () => {
    const embeds = Array.from({ length: 11 }, (_, i) => ({ title: `Embed ${i + 1}` }));
    const { container } = render(<DiscordMessage author={BOT} message={{ embeds }} />);
    expect(container.querySelectorAll('[data-embed]')).toHaveLength(10);
  });

  it('renders 6000 characters of embed text (Discord’s total limit) in full', () => {
    const embed: DiscordEmbedData = {
      title: 't'.repeat(256),
      description: 'd'.repeat(4096),
      footer: { text: 'f'.repeat(148) },
      fields: Array.from({ length: 3 }, (_, i) => ({ name: `n${i}`.padEnd(100, 'n'), value: `v${i}`.padEnd(400, 'v'), inline: true })),
    };
    const total = 256 + 4096 + 148 + 3 * 500;
    expect(total).toBe(6000);
    const { container } = render(<DiscordMessage author={BOT} message={{ embeds: [embed] }} />);
    const text = container.querySelector('[data-embed]')!.textContent!;
    expect(text).toContain('d'.repeat(4096));
    expect(text).toContain('t'.repeat(256));
    expect(text).toContain('v2'.padEnd(400, 'v'));
  });

  it('shows a placeholder instead of a broken image', () => {
    render(<DiscordMessage author={BOT} message={{ embeds: [{ title: 'x', image: { url: 'https://example.com/missing.png' } }] }} />);
    const image = screen.getByAltText('Embed image');
    act(() => {
      fireEvent.error(image);
    });
    expect(screen.queryByAltText('Embed image')).toBeNull();
    screen.getByRole('img', { name: 'Embed image (image unavailable)' });
  });

  it('renders buttons in their styles, link buttons as links', () => {
    const { container } = render(
      <DiscordMessage
        author={BOT}
        message={{
          content: 'Pick one',
          components: [
            {
              type: 1,
              components: [
                { type: 2, style: 1, label: 'Open ticket', custom_id: 'open' },
                { type: 2, style: 4, label: 'Close', custom_id: 'close', disabled: true },
                { type: 2, style: 5, label: 'Docs', url: 'https://guildhall.dev/docs' },
              ],
            },
          ],
        }}
      />,
    );
    const buttons = [...container.querySelectorAll('[data-button]')];
    expect(buttons.map((b) => b.textContent)).toEqual(['Open ticket', 'Close']);
    expect(buttons[0]!.className).toContain('bg-[#5865f2]');
    expect(buttons[1]!.className).toContain('opacity-50');
    expect(screen.getByRole('link', { name: 'Docs' }).getAttribute('href')).toBe('https://guildhall.dev/docs');
  });
});
