import { SNOWFLAKE_DIGITS } from '@guildhall/common/discord/ids';

/** A node of the parsed markdown tree (simple-markdown's shape: `type` plus rule-specific fields). */
export interface MarkdownNode {
  type: string;
  content?: string | MarkdownNode[];
  [key: string]: unknown;
}

/*
 * Discord's markdown as discord-markdown-parser reads it (its "extended" rules, those of bot and webhook messages and
 * embeds, where masked links work) with Discord's lists, in the few rules and the parse loop of simple-markdown that
 * these use. The library carries all of simple-markdown (tables, definitions, HTML and React output: 45 KB of source,
 * two thirds of the preview's chunk, issue 26); this is the same grammar, rule for rule with the same patterns, order
 * and precedence, and gives the same tree (frontend/test/discord-markdown.test.ts compares the two on generated text).
 * Every parse is inline, as the library's: a list item holds no blank line (see `list`), so no rule of block scope
 * ever applies and none is here. The library's Unicode emoji pattern (2 KB compressed) is loaded only when a text
 * could hold an emoji (`needsEmojiPattern`); until then an emoji is text, which draws the same (but for one oddity of
 * the library kept here: after an emoji, " - item" starts a list, as after bold text, and does so once it is loaded).
 */

type Capture = readonly string[];
interface State {
  prevCapture: Capture | null;
  inQuote?: boolean;
  inEmphasis?: boolean;
}
type Parse = (source: string, state: State) => MarkdownNode[];
type Parsed = Omit<MarkdownNode, 'type'> & { type?: string };
interface Rule {
  type: string;
  order: number;
  /** Among consecutive rules of one order that have it, the match of highest quality wins. */
  quality?: (capture: Capture) => number;
  match(source: string, state: State, previous: string): Capture | null | undefined;
  parse(capture: Capture, parse: Parse, state: State): Parsed | MarkdownNode[];
}

/**
 * The digits of a mention's id: Discord's one id pattern. The library takes 17 to 21 digits in emoji and command
 * mentions, 17 to 20 elsewhere; no Discord id has 21 digits (they are 64-bit numbers), so these take 17 to 20 alike.
 */
const ID = SNOWFLAKE_DIGITS;

const regex =
  (pattern: RegExp): Rule['match'] =>
  (source) =>
    pattern.exec(source);
const inner =
  (group = 1): Rule['parse'] =>
  (capture, parse, state) => ({ content: parse(capture[group]!, state) });
const textOf =
  (group: number): Rule['parse'] =>
  (capture) => ({ type: 'text', content: capture[group] });
const linkTo: Rule['parse'] = (capture) => ({ content: [{ type: 'text', content: capture[1] }], target: capture[1] });
const idOf: Rule['parse'] = (capture) => ({ id: capture[1] });
const nothing: Rule['parse'] = () => ({});
/** Whether a heading or subtext may start here: at the start, or after a capture whose last group is a newline. */
const lineStart = (state: State) => state.prevCapture === null || state.prevCapture[state.prevCapture.length - 1] === '\n';
const atLineStart =
  (pattern: RegExp): Rule['match'] =>
  (source, state) =>
    lineStart(state) ? pattern.exec(source) : null;

/** Discord's lists ("- item", "* item", "1. item"): consecutive item lines of one kind, nested items indented. */
const ITEM = /^( *)([*-]|\d+\.) +\S[^\n]*/;
const BULLET = '(?:[*+-]|\\d+\\.)';
const ITEM_PREFIX = new RegExp(`^( *)(${BULLET}) +`);
const ITEMS = new RegExp(`( *)(${BULLET}) +[^\\n]*(?:\\n(?!\\1${BULLET} )[^\\n]*)*(\\n|$)`, 'gm');

/** Unicode emoji, as discord-markdown-parser (twemoji's pattern): loaded on demand, see needsEmojiPattern. */
let emojiPattern: RegExp | undefined;
let emojiLoad: Promise<void> | undefined;

/** simple-markdown's precedence: by order, at one order those with a quality first, then by name. */
const RULES: Rule[] = [
  { type: 'subtext', order: -0.5, match: atLineStart(/^-# +([^\n]+?)(\n|$)/), parse: inner() },
  {
    type: 'heading',
    order: 0,
    match: atLineStart(/^(#{1,3}) +([^\n]+?)(\n|$)/),
    parse: (capture, parse, state) => ({ level: capture[1]!.length, content: parse(capture[2]!.trim(), state) }),
  },
  { type: 'spoiler', order: 0, match: regex(/^\|\|([\s\S]+?)\|\|/), parse: inner() },
  {
    type: 'codeBlock',
    order: 4,
    match: regex(/^```(([a-z0-9_+\-.#]+?)\n+)?\n*([^]+?)\n*```/i),
    parse: (capture, _parse, state) => ({ lang: (capture[2] || '').trim(), content: capture[3] || '', inQuote: state.inQuote || false }),
  },
  {
    type: 'blockQuote',
    order: 6,
    match: (source, state, previous) =>
      !/^$|\n *$/.test(previous) || state.inQuote ? null : /^( *>>> ([\s\S]*))|^( *> [^\n]*(\n *> [^\n]*)*\n?)/.exec(source),
    parse: (capture, parse, state) => ({
      content: parse(capture[0]!.replace(/^ *>>> ?/.test(capture[0]!) ? /^ *>>> ?/ : /^ *> ?/gm, ''), { ...state, inQuote: true }),
    }),
  },
  {
    // A line without a marker ends the list, no blank line needed (Discord's reading); so an item never holds a blank
    // line, and each is parsed inline (simple-markdown's "tight" list items).
    type: 'list',
    order: 7,
    match(source, state) {
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
      return [lines.slice(0, n).join('\n') + (n < lines.length ? '\n' : ''), first[1]!, first[2]!];
    },
    parse(capture, parse, state) {
      const bullet = capture[2]!;
      const ordered = bullet.length > 1;
      const items = capture[0]!.replace(/\n{2,}$/, '\n').match(ITEMS)!;
      return {
        ordered,
        start: ordered ? +bullet : undefined,
        items: items.map((item) => {
          const space = ITEM_PREFIX.exec(item)?.[0].length ?? 0;
          const content = item.replace(new RegExp(`^ {1,${space}}`, 'gm'), '').replace(ITEM_PREFIX, '');
          return parse(content.replace(/ *\n+$/, ''), state);
        }),
      };
    },
  },
  { type: 'escape', order: 12, match: regex(/^\\([^0-9A-Za-z\s])/), parse: textOf(1) },
  { type: 'autolink', order: 14, match: regex(/^<([^: >]+:\/[^ >]+)>/), parse: linkTo },
  { type: 'url', order: 16, match: regex(/^(https?:\/\/[^\s<]+[^<.,:;"')\]\s])/), parse: linkTo },
  {
    type: 'link',
    order: 17,
    match: regex(/^\[((?:\[[^\]]*\]|[^[\]]|\](?=[^[]*\]))*)\]\(\s*<?((?:\([^)]*\)|[^\s\\]|\\.)*?)>?(?:\s+['"]([\s\S]*?)['"])?\s*\)/),
    parse: (capture, parse, state) => ({
      content: parse(capture[1]!, state),
      target: capture[2]!.replace(/\\([^0-9A-Za-z\s])/g, '$1'),
      title: capture[3],
    }),
  },
  {
    type: 'em',
    order: 21,
    match: regex(/^\b_((?:__|\\[\s\S]|[^\\_])+?)_\b|^\*(?=\S)((?:\*\*|\\[\s\S]|\s+(?:\\[\s\S]|[^\s*\\]|\*\*)|[^\s*\\])+?)\*(?!\*)/),
    quality: (capture) => capture[0]!.length + 0.2,
    // Emphasis inside emphasis adds nothing: its content joins the outer one's.
    parse(capture, parse, state) {
      const content = parse(capture[2] || capture[1]!, { ...state, inEmphasis: true });
      return state.inEmphasis ? content : { content };
    },
  },
  {
    type: 'strong',
    order: 21,
    match: regex(/^\*\*((?:\\[\s\S]|[^\\])+?)\*\*(?!\*)/),
    quality: (capture) => capture[0]!.length + 0.1,
    parse: inner(),
  },
  {
    type: 'underline',
    order: 21,
    match: regex(/^__((?:\\[\s\S]|[^\\])+?)__(?!_)/),
    quality: (capture) => capture[0]!.length,
    parse: inner(),
  },
  { type: 'channel', order: 21, match: regex(new RegExp(`^<#(${ID})>`)), parse: idOf },
  {
    type: 'emoji',
    order: 21,
    match: regex(new RegExp(`^<(a)?:(\\w{2,32}):(${ID})>`)),
    parse: (capture) => ({ animated: capture[1] === 'a', name: capture[2], id: capture[3] }),
  },
  { type: 'everyone', order: 21, match: regex(/^@everyone/), parse: nothing },
  {
    type: 'guildNavigation',
    order: 21,
    match: regex(new RegExp(`^<(${ID}):(?:(customize|browse|guide)|(linked-roles)(:${ID})?)>`)),
    parse(capture) {
      const navigation = capture[2] ?? capture[3];
      return navigation === 'linked-roles'
        ? { id: capture[1], navigation, roleId: capture[4]?.slice(1) ?? null }
        : { id: capture[1], navigation };
    },
  },
  { type: 'here', order: 21, match: regex(/^@here/), parse: nothing },
  { type: 'role', order: 21, match: regex(new RegExp(`^<@&(${ID})>`)), parse: idOf },
  {
    type: 'slashCommand',
    order: 21,
    // The name is required: discord-markdown-parser takes `</:123…>` too and then throws on its missing name.
    match: regex(
      new RegExp(
        String.raw`^</([-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}(?: [-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}){0,2}):(${ID})>`,
        'u',
      ),
    ),
    parse(capture) {
      const parts = capture[1]!.split(' ');
      return {
        fullName: capture[1],
        name: parts[0],
        subcommand: parts.length === 2 ? parts[1] : parts.length === 3 ? parts[2] : null,
        subcommandGroup: parts.length === 3 ? parts[1] : null,
        id: capture[2],
      };
    },
  },
  {
    type: 'timestamp',
    order: 21,
    match: regex(/^<t:(-?\d+)(?::(R|t|T|d|D|f|F))?>/),
    parse: (capture) => ({ timestamp: capture[1], format: capture[2] }),
  },
  { type: 'twemoji', order: 21, match: (source) => emojiPattern?.exec(source), parse: (capture) => ({ name: capture[0] }) },
  { type: 'user', order: 21, match: regex(new RegExp(`^<@!?(${ID})>`)), parse: idOf },
  { type: 'strikethrough', order: 22, match: regex(/^~~([\s\S]+?)~~(?!_)/), parse: inner() },
  {
    type: 'inlineCode',
    order: 23,
    match: regex(/^(`+)([\s\S]*?[^`])\1(?!`)/),
    parse: (capture) => ({ content: capture[2]!.replace(/^ (?= *`)|(` *) $/g, '$1') }),
  },
  { type: 'br', order: 24, match: regex(/^\n/), parse: nothing },
  { type: 'emoticon', order: 25, match: regex(/^(¯\\_\(ツ\)_\/¯)/), parse: textOf(1) },
  {
    type: 'text',
    order: 25,
    match: regex(/^[\s\S]+?(?=[^0-9A-Za-z\s]|\n\n|\n|\w+:\S|$)/),
    parse: (capture) => ({ content: capture[0] }),
  },
];

/** simple-markdown's loop: at each point the first rule that matches, or among rules of one order the best match. */
const parse: Parse = (source, state) => {
  const result: MarkdownNode[] = [];
  while (source) {
    let rule: Rule | undefined;
    let capture: Capture | null | undefined;
    let quality = NaN;
    for (let i = 0; i < RULES.length; i++) {
      const candidate = RULES[i]!;
      if (capture && !(candidate.quality && candidate.order === RULES[i - 1]!.order)) break;
      const found = candidate.match(source, state, state.prevCapture?.[0] ?? '');
      if (!found) continue;
      const q = candidate.quality?.(found) ?? 0;
      if (!(q <= quality)) [rule, capture, quality] = [candidate, found, q];
    }
    const parsed = rule!.parse(capture!, parse, state);
    if (Array.isArray(parsed)) result.push(...parsed);
    else result.push({ ...parsed, type: parsed.type ?? rule!.type } as MarkdownNode);
    state.prevCapture = capture!;
    source = source.slice(capture![0]!.length);
  }
  return result;
};

/** Discord-flavoured markdown to a tree the renderer walks. */
export function parseDiscordMarkdown(text: string): MarkdownNode[] {
  return parse(text.replace(/\r\n?/g, '\n').replace(/\f/g, '').replace(/\t/g, '    '), { prevCapture: null });
}

/**
 * Whether `text` could hold a Unicode emoji while their pattern is not loaded yet: every emoji has a character from
 * U+00A9 up (a keycap's U+20E3, a variation selector, the symbol itself).
 */
export const needsEmojiPattern = (text: string) => !emojiPattern && /[^\0-\u00a8]/.test(text);

/** Loads the Unicode emoji pattern once (parses made after it resolves see emoji as discord-markdown-parser does). */
export function loadEmojiPattern(): Promise<void> {
  return (emojiLoad ??= import('discord-markdown-parser/dist/utils/twemojiRegex.js').then(
    (module) => void (emojiPattern = module.TwemojiRegex),
    (error: unknown) => {
      emojiLoad = undefined;
      throw error;
    },
  ));
}
