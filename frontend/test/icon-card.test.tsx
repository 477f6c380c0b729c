// The icon-titled cards of the manage pages (Moderation's commands, Levels' XP rules, the saved transcripts): a region
// named by its heading, the icon hidden from screen readers.
import { cleanup, render, screen } from '@testing-library/react';
import { Terminal } from 'lucide-react';
import { afterEach, describe, expect, it } from 'vitest';
import { IconCard } from '../src/pages/manage/shared/IconCard';

afterEach(cleanup);

describe('icon card', () => {
  it('is a region named by its heading, with the icon hidden and the content below', () => {
    render(
      <IconCard headingId="mod-commands" icon={Terminal} title="Moderation commands" className="card mt-6 p-6">
        <p>Type these in any channel.</p>
      </IconCard>,
    );
    const region = screen.getByRole('region', { name: 'Moderation commands' });
    expect(region.className).toBe('card mt-6 p-6');
    const heading = screen.getByRole('heading', { level: 2, name: 'Moderation commands' });
    expect(heading.id).toBe('mod-commands');
    expect(heading.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
    expect(region.lastElementChild!.textContent).toBe('Type these in any channel.');
  });

  it('is a plain card by default', () => {
    render(
      <IconCard headingId="xp-rules" icon={Terminal} title="XP rules">
        <p>Each message earns XP.</p>
      </IconCard>,
    );
    expect(screen.getByRole('region', { name: 'XP rules' }).className).toBe('card p-6');
  });
});
