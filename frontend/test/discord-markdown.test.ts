// The preview's markdown parser (src/components/discord/markdown.ts) is discord-markdown-parser's grammar without the
// rest of simple-markdown (issue 26). Here it meets the parser it replaces, built as the app built it until then (the
// library's extended rules, simple-markdown's list rule narrowed to Discord's reading), on generated text made of the
// pieces of Discord's markdown: both must give the same tree.
import fc from 'fast-check';
import { rulesExtended, SimpleMarkdown } from 'discord-markdown-parser';
import { SNOWFLAKE_DIGITS } from '@guildhall/common/discord/ids';
import { describe, expect, it } from 'vitest';
import { loadEmojiPattern, needsEmojiPattern, parseDiscordMarkdown } from '../src/components/discord/markdown';

/** The parser as src/components/discord/markdown.ts built it from discord-markdown-parser 1.3.1. */
const ITEM = /^( *)([*-]|\d+\.) +\S[^\n]*/;
const list = {
  ...SimpleMarkdown.defaultRules.list,
  match(source: string, state: { prevCapture?: RegExpExecArray | null }) {
    const previous = state.prevCapture?.[0];
    if (previous !== undefined && !/(?:^|\n) *$/.test(previous)) return null;
    const lines = source.split('\n');
    const first = ITEM.exec(lines[0]!);
    if (!first) return null;
    const indent = first[1]!.length;
    const ordered = /\d/.test(first[2]!);
    let n = 1;
    for (; n < lines.length; n++) {
      const m = ITEM.exec(lines[n]!);
      if (!m || m[1]!.length < indent || (m[1]!.length === indent && /\d/.test(m[2]!) !== ordered)) break;
    }
    const text = lines.slice(0, n).join('\n') + (n < lines.length ? '\n' : '');
    const capture = [text, first[1], first[2]] as unknown as RegExpExecArray;
    capture.index = 0;
    capture.input = source;
    return capture;
  },
};
const libraryParser = SimpleMarkdown.parserFor({ ...rulesExtended, list } as never);
const library = (text: string) => libraryParser(text, { inline: true });

/** The pieces texts are made of: every rule's marks, mentions, links, emoji, the whitespace the parser rewrites. */
const PIECES = [
  ...['*', '**', '***', '_', '__', '___', '~', '~~', '|', '||', '`', '``', '```', '```js\n', '```\n', '\\', '\\*', '\\_'],
  ...['>', '> ', '>>> ', '#', '# ', '## ', '### ', '#### ', '-# ', '-', '- ', '* ', '+ ', '1. ', '2. ', '10. ', '1.'],
  ...[' ', '  ', '   ', '\n', '\n', '\n\n', '\r\n', '\r', '\t', '\f'],
  ...['a', 'b', 'word', 'Hello there', '42', ':', 'x:y', 'a_b', 'é', '{member.mention}', '.', ',', '(', ')', '[', ']', '<', '>'],
  ...['https://example.com/a_b?c=d', 'http://x.io/(y).', '<https://x.io/z>', '<a@b.c>', '[link](https://a.b)', '[t](https://a.b "title")'],
  ...["[a [b]](<https://a.b> 't')", '[x](javascript:alert(1))', '](', '@everyone', '@here', '@', '¯\\_(ツ)_/¯'],
  ...['<@123456789012345678>', '<@!123456789012345678>', '<@&123456789012345678>', '<#123456789012345678>', '<@12>'],
  ...['<:smile:123456789012345678>', '<a:wave:1234567890123456789>', '<t:1700000000>', '<t:-5:R>', '<t:1700000000:F>', '<t:1:x>'],
  ...['</ping:123456789012345678>', '</a b c:123456789012345678>', '</a b c d:123456789012345678>', '</:123456789012345678>'],
  ...['<123456789012345678:customize>', '<123456789012345678:linked-roles:123456789012345678>', '<123456789012345678:guide>'],
  ...['😀', '👍🏽', '👨‍👩‍👧', '🏳️‍🌈', '🇺🇸', '1️⃣', '*️⃣', '#️⃣', '©', '©️', '™', '‼', '↔', '\ufe0f', '\u200d', '🫨'],
];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }).map((pieces) => pieces.join(''));
const asciiText = fc
  .array(fc.constantFrom(...PIECES.filter((piece) => !needsEmojiPatternOf(piece))), { maxLength: 24 })
  .map((pieces) => pieces.join(''));
function needsEmojiPatternOf(piece: string) {
  return /[^\0-\u00a8]/.test(piece);
}

/** The library's tree, or 'throws' where it fails. */
function theirs(input: string): unknown {
  try {
    return library(input);
  } catch {
    return 'throws';
  }
}

/**
 * Our tree is the library's. The one text the library cannot parse is a command mention without a name, `</:id>`: it
 * throws on the missing name, and ours reads it as text (the last test).
 */
function parsesAlike(input: string) {
  const expected = theirs(input);
  if (expected === 'throws') expect(input).toMatch(new RegExp(`</:${SNOWFLAKE_DIGITS}>`));
  else expect(parseDiscordMarkdown(input), JSON.stringify(input)).toEqual(expected);
}

const EXAMPLES = [
  '***bold italic*** and __*underlined italic*__ ~~gone~~ ||secret|| `code` ``a ` b``',
  '```js\nconst a = 1;\n```\n> quoted\n> twice\n>>> all\nof this',
  '# Big\n## Medium\n### Small\n#### not\n-# subtext',
  '- one\n- two\n  - nested\n  - again\n1. first\n2. second\n5. five\nafter',
  'Welcome {member.mention} to **{server.name}**! We now have {server.members} members.',
  '[masked](https://example.com) https://example.com/path. <https://x.io> [bad](javascript:alert(1))',
  '<@123456789012345678> <@&123456789012345678> <#123456789012345678> @everyone @here <t:1700000000:R>',
  '</ping:123456789012345678> <123456789012345678:customize> <:smile:123456789012345678> ¯\\_(ツ)_/¯',
  '**a\n# b** c\n# d\n- e *f* - g',
  '\t\tcode?\r\nline\fbreak  \nend',
];

describe('the preview markdown parser (src/components/discord/markdown.ts) against discord-markdown-parser', () => {
  // Until the emoji pattern is loaded a text without a character from U+00A9 up parses alike (the app never waits
  // for it on such a text); with it, every text does.
  it('parses as the library does a text that cannot hold an emoji, before the emoji pattern is loaded', () => {
    expect(needsEmojiPattern('plain **text** <@123456789012345678>')).toBe(false);
    expect(needsEmojiPattern('hi 😀')).toBe(true);
    for (const example of EXAMPLES) parsesAlike(example);
    fc.assert(fc.property(asciiText, parsesAlike), { numRuns: 3000 });
  });

  it('parses as the library does every text once the emoji pattern is loaded, emoji included', async () => {
    await loadEmojiPattern();
    expect(needsEmojiPattern('hi 😀')).toBe(false);
    parsesAlike('hi 😀 - x');
    fc.assert(fc.property(text, parsesAlike), { numRuns: 6000 });
  });

  it('reads a command mention without a name as text, where the library throws', () => {
    expect(theirs('</:123456789012345678>')).toBe('throws');
    expect(parseDiscordMarkdown('</:123456789012345678>').every((node) => node.type === 'text')).toBe(true);
  });
});
