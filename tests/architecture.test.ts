// ARCHITECTURE.md stays true to the tree: it names every source folder in the section about its root, and every path
// it names in backticks is in the repository (a moved or deleted file fails here, not in a reader's hands). The same
// holds for scripts/generate/ARCHITECTURE.md and the generator's own folders.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, repositoryFiles } from './support/repo-copy.js';

interface ArchitectureDoc {
  /** The document's path in the repository. */
  file: string;
  /** Folders a relative path in it may start from, besides the root of the section it is in (`''`: the repository). */
  bases: string[];
  /**
   * The folders it must name: every folder holding a file of the repository that matches one of these, `*` standing
   * for one folder name (`backend/src/*` is every direct child folder of backend/src).
   */
  folders: string[];
  /** Backticked texts that read as paths and are not files by design, each with why. */
  notFiles?: Record<string, string>;
}

const DOCS: ArchitectureDoc[] = [
  {
    file: 'ARCHITECTURE.md',
    bases: [''],
    folders: [
      'backend/src/*',
      'backend/src/*/*',
      'frontend/src/*',
      'frontend/src/*/*',
      'frontend/src/pages/manage/*',
      'common/src/*',
      'sandboxes/*',
      'scripts/*',
      'eslint-rules',
      'tests/*',
    ],
  },
  {
    file: 'scripts/generate/ARCHITECTURE.md',
    bases: ['scripts/generate', 'generated', ''],
    folders: ['scripts/generate/*'],
    notFiles: {
      'api/guild-export.json': 'the schema derive-export.mjs adds to the loaded ones (a file of that name is refused)',
      'components/schemas': 'a place in the OpenAPI document, not in the repository',
    },
  },
];

/** Build output and installed packages: named in the text, never in the repository. */
const NOT_TRACKED = new Set(['dist', 'node_modules']);

/** A backticked text that reads as a path: `backend/src/app.ts`, `storage/`, `queries.ts`; not `/api/user` nor `@scope/pkg`. */
function looksLikePath(token: string): boolean {
  if (!/^[\w.-]+(?:\/[\w.-]+)*\/?$/.test(token) || token.startsWith('.')) return false;
  return token.includes('/') || /\.(?:[cm]?[jt]sx?|d\.m?ts|json|md|css|html)$/.test(token);
}

interface Mention {
  token: string;
  line: number;
  /** The folder the section's heading names (`## The backend (`backend/src`)`), else undefined. */
  sectionRoot?: string;
  /** In a table row whose first cell names a folder (`| `form/` | ... `core/` ...`), that folder. */
  rowFolder?: string;
}

const join = (...parts: (string | undefined)[]) => path.posix.join(...parts.filter((p): p is string => !!p)).replace(/\/$/, '');

/** What a mention may stand for, nearest first: below its row's folder, its section's root, then each base. */
function candidates(mention: Mention, bases: string[]): string[] {
  const token = mention.token.replace(/\/$/, '');
  const found = [
    ...(mention.rowFolder && mention.sectionRoot ? [join(mention.sectionRoot, mention.rowFolder, token)] : []),
    ...(mention.sectionRoot ? [join(mention.sectionRoot, token)] : []),
    ...bases.map((base) => join(base, token)),
  ];
  return [...new Set(found)];
}

/** The repository's folders: every folder above a file. */
function foldersOf(files: readonly string[]): Set<string> {
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/'));
  }
  return folders;
}

/** Every backticked path of a document (fenced blocks left out), with the section and table row it sits in. */
function mentionsOf(text: string, doc: ArchitectureDoc, folders: Set<string>): Mention[] {
  const mentions: Mention[] = [];
  let sectionRoot: string | undefined;
  let fenced = false;
  text.split('\n').forEach((content, index) => {
    if (content.startsWith('```')) fenced = !fenced;
    if (fenced || content.startsWith('```')) return;
    const tokens = [...content.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!).filter(looksLikePath);
    if (/^## /.test(content)) {
      sectionRoot = undefined;
      for (const token of tokens) {
        const folder = candidates({ token, line: 0 }, doc.bases).find((c) => folders.has(c));
        if (folder) {
          sectionRoot = folder;
          break;
        }
      }
    }
    const firstCell = content.startsWith('|') ? /^\|\s*`([^`]+\/)`/.exec(content)?.[1] : undefined;
    for (const token of tokens) mentions.push({ token, line: index + 1, sectionRoot, rowFolder: firstCell });
  });
  return mentions;
}

/** Whether a folder path matches a pattern of `doc.folders` (`*`: exactly one folder name). */
const matches = (folder: string, pattern: string) => {
  const parts = folder.split('/');
  const wanted = pattern.split('/');
  return parts.length === wanted.length && wanted.every((part, i) => part === '*' || part === parts[i]);
};

/**
 * What is wrong with one document, given the repository's files: each folder it must name and does not (as `folder/`
 * in backticks, in the section about its root), and each backticked path that names nothing in the repository.
 */
function architectureProblems(doc: ArchitectureDoc, text: string, files: readonly string[]): string[] {
  const folders = foldersOf(files);
  const tracked = new Set([...files, ...folders]);
  const mentions = mentionsOf(text, doc, folders);
  const problems: string[] = [];

  const named = new Set(mentions.filter((m) => m.token.endsWith('/')).flatMap((m) => candidates(m, doc.bases)));
  const required = [...folders].filter((folder) => doc.folders.some((pattern) => matches(folder, pattern))).sort();
  for (const folder of required) if (!named.has(folder)) problems.push(`${doc.file} does not name ${folder}/`);

  const all = [...tracked];
  for (const mention of mentions) {
    const token = mention.token.replace(/\/$/, '');
    if (token.split('/').some((part) => NOT_TRACKED.has(part)) || Object.hasOwn(doc.notFiles ?? {}, mention.token)) continue;
    if (candidates(mention, doc.bases).some((c) => tracked.has(c))) continue;
    // A path written from a folder the text names nearby (`core/visibility.ts` in the frontend's section) is found by
    // its end; a file that moved to another folder or was renamed is not.
    if (all.some((entry) => entry.endsWith(`/${token}`))) continue;
    problems.push(`${doc.file}:${mention.line} names \`${mention.token}\`, which is not in the repository`);
  }
  return problems;
}

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const [MAIN, GENERATOR] = DOCS as [ArchitectureDoc, ArchitectureDoc];

describe('the architecture notes name the tree as it is', () => {
  const files = repositoryFiles();

  it.each(DOCS.map((doc) => [doc.file, doc] as const))('%s names every source folder and only paths that exist', (_file, doc) => {
    expect(architectureProblems(doc, read(doc.file), files)).toEqual([]);
  });

  it('asks for the folders the notes are about: every feature folder of the backend, the sandboxes, the generator steps', () => {
    const problems = architectureProblems(MAIN, '', files);
    for (const folder of ['backend/src/payments/', 'backend/src/storage/mongo/', 'frontend/src/pages/manage/ticket-panels/'])
      expect(problems).toContain(`ARCHITECTURE.md does not name ${folder}`);
    for (const folder of ['sandboxes/discord/', 'sandboxes/razorpay/', 'scripts/generate/', 'eslint-rules/', 'tests/e2e/'])
      expect(problems).toContain(`ARCHITECTURE.md does not name ${folder}`);
    // One folder per widget is the registry's business, not the notes'.
    expect(problems).toContain('ARCHITECTURE.md does not name frontend/src/form/widgets/');
    expect(problems.filter((p) => p.includes('frontend/src/form/widgets/toggle/'))).toEqual([]);
    expect(architectureProblems(GENERATOR, '', files)).toEqual(
      expect.arrayContaining(['scripts/generate/ARCHITECTURE.md does not name scripts/generate/keywords/']),
    );
  });

  it('fails naming a folder the document leaves out', () => {
    const text = read(MAIN.file);
    const row = text.split('\n').find((line) => line.startsWith('| `payments/`'));
    expect(row).toBeDefined();
    expect(architectureProblems(MAIN, text.replace(`${row}\n`, ''), files)).toEqual([
      'ARCHITECTURE.md does not name backend/src/payments/',
    ]);
  });

  it('counts a folder as named only in the section about its root', () => {
    // `public/` stays named in the frontend's table (pages/public/, components/public/); the backend's row is gone.
    const text = read(MAIN.file);
    const row = text.split('\n').find((line) => line.startsWith('| `public/`'));
    expect(row).toBeDefined();
    expect(architectureProblems(MAIN, text.replace(`${row}\n`, ''), files)).toEqual(['ARCHITECTURE.md does not name backend/src/public/']);
  });

  it('fails naming a new folder the document does not know yet', () => {
    const planted = [...files, 'backend/src/reactions/reactions.module.ts', 'frontend/src/pages/manage/reaction-roles/Editor.tsx'];
    expect(architectureProblems(MAIN, read(MAIN.file), planted)).toEqual([
      'ARCHITECTURE.md does not name backend/src/reactions/',
      'ARCHITECTURE.md does not name frontend/src/pages/manage/reaction-roles/',
    ]);
  });

  it('fails on a path that does not exist, and on a file that moved', () => {
    const text = read(MAIN.file);
    const missing = `${text}\nThe queue lives in \`backend/src/jobs/queue.ts\`.\n`;
    const lines = missing.split('\n').length - 1;
    expect(architectureProblems(MAIN, missing, files)).toEqual([
      `ARCHITECTURE.md:${lines} names \`backend/src/jobs/queue.ts\`, which is not in the repository`,
    ]);
    // references/schema-walk.ts moved to http/: the old folder-relative path no longer names anything.
    expect(text).toContain('`references/schema-walk.ts`');
    const moved = architectureProblems(MAIN, text.replace('`references/schema-walk.ts`', '`http/schema-walk.ts`'), files);
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatch(/^ARCHITECTURE\.md:\d+ names `http\/schema-walk\.ts`, which is not in the repository$/);
  });

  it('reads paths, not routes, packages, placeholders or build output', () => {
    const text = [
      '## The backend (`backend/src`)',
      '`/api/guild/:guildId`, `@guildhall/generated/client`, `sections/<name>.js`, `frontend/dist/assets/`, `x-ui`, `ui:options`',
    ].join('\n');
    expect(architectureProblems({ ...MAIN, folders: [] }, text, files)).toEqual([]);
  });
});
