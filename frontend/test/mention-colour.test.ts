import { describe, expect, it } from 'vitest';
import { readableMentionColour } from '../src/components/discord/Markdown';

// A role mention is drawn in its role's colour; a dark one is lightened until it reads on the message surface.
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const ratio = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('a role mention reads on the dark message surface', () => {
  it('keeps a light role colour as it is', () => {
    expect(readableMentionColour('#f1c40f')).toBe('#f1c40f');
  });

  it.each(['#1f3a93', '#206694', '#992d22', '#000001', '#2ecc71'])('lightens %s to at least 4.5:1 on #2b2d31', (colour) => {
    const shown = readableMentionColour(colour);
    expect(ratio(shown, '#2b2d31')).toBeGreaterThanOrEqual(4.5);
  });

  it('changes a dark colour (the rule is applied, not skipped)', () => {
    expect(readableMentionColour('#1f3a93')).not.toBe('#1f3a93');
  });
});
