import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { loadEmojiPattern, type MarkdownNode, needsEmojiPattern, parseDiscordMarkdown } from './markdown';
import { formatDiscordTimestamp } from './timestamp';
import type { MentionNames } from './types';

const SAFE_URL = /^https?:\/\//i;

export function hexColour(color: number | undefined): string | undefined {
  return color ? `#${color.toString(16).padStart(6, '0')}` : undefined;
}

function Spoiler({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  if (shown) return <span className="rounded bg-white/10 px-0.5">{children}</span>;
  return (
    <button
      type="button"
      aria-label="Spoiler, press to reveal"
      onClick={() => setShown(true)}
      className="rounded bg-[#1e1f22] px-0.5 text-transparent select-none hover:bg-[#26272b]"
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const luminance = (rgb: number[]) => {
  const [r, g, b] = rgb.map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: number[], b: number[]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};
/** The darkest surface a message is drawn on (an ephemeral reply's box), with the mention's own tint over it. */
const SURFACE = channels('#2b2d31');

/**
 * A role's colour as a mention's text, lightened toward white until it reads on the dark surface (4.5:1, WCAG AA):
 * Discord draws a dark role's mention in its colour, which a person with low vision cannot read.
 */
export function readableMentionColour(hex: string): string {
  const base = channels(hex);
  const behind = SURFACE.map((c, i) => Math.round(c * 0.9 + base[i]! * 0.1));
  for (let white = 0; white <= 1; white += 0.05) {
    const mixed = base.map((c) => Math.round(c + (255 - c) * white));
    if (contrast(mixed, behind) >= 4.5) return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  }
  return '#ffffff';
}

function Mention({ children, color }: { children: ReactNode; color?: string }) {
  return (
    <span
      className="rounded-[3px] px-0.5 font-medium"
      style={
        color
          ? { color: readableMentionColour(color), backgroundColor: `${color}1a` }
          : { color: '#c9cdfb', backgroundColor: 'rgba(88,101,242,0.3)' }
      }
    >
      {children}
    </span>
  );
}

function text(node: MarkdownNode): string {
  if (typeof node.content === 'string') return node.content;
  if (Array.isArray(node.content)) return node.content.map(text).join('');
  return '';
}

/** One node of the markdown tree as React, the way Discord's client draws it. */
function renderNode(node: MarkdownNode, key: number, mentions: MentionNames): ReactNode {
  const children = () => (Array.isArray(node.content) ? renderNodes(node.content, mentions) : (node.content ?? ''));
  switch (node.type) {
    case 'text':
    case 'emoticon':
      return node.content as string;
    case 'escape':
      return node.content as string;
    case 'br':
    case 'newline':
      return <br key={key} />;
    case 'strong':
      return <strong key={key}>{children()}</strong>;
    case 'em':
      return <em key={key}>{children()}</em>;
    case 'underline':
      return <u key={key}>{children()}</u>;
    case 'strikethrough':
      return <s key={key}>{children()}</s>;
    case 'spoiler':
      return <Spoiler key={key}>{children()}</Spoiler>;
    case 'inlineCode':
      return (
        <code key={key} className="rounded bg-[#1e1f22] px-1 py-0.5 font-mono text-[0.85em]">
          {node.content as string}
        </code>
      );
    case 'codeBlock':
      return (
        <pre
          key={key}
          data-lang={(node.lang as string) || undefined}
          className="my-1 overflow-x-auto rounded border border-[#1e1f22] bg-[#2b2d31] p-2 font-mono text-[0.85em] leading-snug whitespace-pre-wrap"
        >
          <code>{node.content as string}</code>
        </pre>
      );
    case 'blockQuote':
      return (
        <blockquote key={key} className="my-0.5 border-l-4 border-[#4e5058] pl-3">
          {children()}
        </blockquote>
      );
    case 'heading': {
      const size = node.level === 1 ? 'text-2xl' : node.level === 2 ? 'text-xl' : 'text-base';
      return (
        <div key={key} data-heading={node.level as number} className={`mt-2 mb-1 font-bold leading-tight ${size}`}>
          {children()}
        </div>
      );
    }
    case 'subtext':
      return (
        <div key={key} className="text-xs text-[#949ba4]">
          {children()}
        </div>
      );
    case 'list': {
      const items = (node.items as MarkdownNode[][]).map((item, i) => <li key={i}>{renderNodes(item, mentions)}</li>);
      return node.ordered ? (
        <ol key={key} start={(node.start as number) ?? 1} className="my-1 list-decimal pl-6">
          {items}
        </ol>
      ) : (
        <ul key={key} className="my-1 list-disc pl-6">
          {items}
        </ul>
      );
    }
    case 'link':
    case 'url':
    case 'autolink': {
      const target = String(node.target ?? '');
      if (!SAFE_URL.test(target)) return <span key={key}>{children()}</span>;
      return (
        <a key={key} href={target} target="_blank" rel="noreferrer noopener" className="text-[#00a8fc] hover:underline">
          {children()}
        </a>
      );
    }
    case 'user':
      return <Mention key={key}>@{mentions.users?.[node.id as string] ?? 'unknown-user'}</Mention>;
    case 'role': {
      const role = mentions.roles?.[node.id as string];
      return (
        <Mention key={key} color={hexColour(role?.color)}>
          @{role?.name ?? 'unknown-role'}
        </Mention>
      );
    }
    case 'channel':
      return <Mention key={key}>#{mentions.channels?.[node.id as string] ?? 'unknown-channel'}</Mention>;
    case 'everyone':
      return <Mention key={key}>@everyone</Mention>;
    case 'here':
      return <Mention key={key}>@here</Mention>;
    case 'slashCommand':
      return <Mention key={key}>/{String(node.name ?? '')}</Mention>;
    case 'guildNavigation':
      return <Mention key={key}>{String(node.navigationType ?? 'Channels & Roles')}</Mention>;
    case 'timestamp': {
      const seconds = Number(node.timestamp);
      const date = new Date(seconds * 1000);
      return (
        <time key={key} dateTime={Number.isNaN(date.getTime()) ? undefined : date.toISOString()} className="rounded bg-white/10 px-0.5">
          {formatDiscordTimestamp(seconds, node.format as string | undefined)}
        </time>
      );
    }
    case 'emoji':
      return <span key={key}>:{String(node.name ?? '')}:</span>;
    case 'twemoji':
      return String(node.name ?? '');
    default:
      return <span key={key}>{text(node)}</span>;
  }
}

function renderNodes(nodes: MarkdownNode[], mentions: MentionNames): ReactNode[] {
  return nodes.map((n, i) => renderNode(n, i, mentions));
}

/** Text in Discord's markdown dialect (bold, italic, underline, strike, spoilers, code, quotes, headers, lists, links, mentions, timestamps). */
export function DiscordMarkdown({ text, mentions = {} }: { text: string; mentions?: MentionNames }) {
  // A text that may hold Unicode emoji is parsed again once their pattern is there (markdown.ts: meanwhile they are text).
  const waiting = needsEmojiPattern(text);
  const [loaded, setLoaded] = useState(0);
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    loadEmojiPattern().then(
      () => live && setLoaded((n) => n + 1),
      () => undefined, // offline: emoji stay text, as they already show
    );
    return () => {
      live = false;
    };
  }, [waiting]);
  const tree = useMemo(() => parseDiscordMarkdown(text), [text, loaded]);
  return <>{renderNodes(tree, mentions)}</>;
}
