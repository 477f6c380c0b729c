import { rulesExtended, SimpleMarkdown } from 'discord-markdown-parser';

/** A node of the parsed markdown tree (simple-markdown's shape: `type` plus rule-specific fields). */
export interface MarkdownNode {
  type: string;
  content?: string | MarkdownNode[];
  [key: string]: unknown;
}

/**
 * Discord's lists ("- item", "* item", "1. item"): one block of consecutive item lines of one kind, nested items
 * indented. discord-markdown-parser has no list rule, so simple-markdown's own list rule does the parsing; only its
 * match is narrowed to Discord's reading (a line without a marker ends the list, no blank line needed).
 */
const ITEM = /^( *)([*-]|\d+\.) +\S[^\n]*/;
const baseList = SimpleMarkdown.defaultRules.list;
const list = {
  ...baseList,
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

// The "extended" rules are Discord's for bot and webhook messages and embeds: masked links work there.
const parser = SimpleMarkdown.parserFor({ ...rulesExtended, list } as never);

/** Discord-flavoured markdown to a tree the renderer walks. */
export function parseDiscordMarkdown(text: string): MarkdownNode[] {
  return parser(text, { inline: true }) as unknown as MarkdownNode[];
}
