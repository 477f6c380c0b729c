// The layout shows the design: the Discord sandbox and the payment sandbox are workspaces of their own
// (sandboxes/discord, sandboxes/razorpay), and the product's code holds none of their code and imports none of it. The
// app loads a sandbox only when the configuration asks for one, by package name, through backend/src/sandbox-mount.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, repositoryFiles } from './support/repo-copy.js';

const SANDBOX_PACKAGE = /^@guildhall\/sandbox-/;
/** Where the sandboxes lived before they were workspaces, and where they live now. */
const SANDBOX_FOLDER = /^(?:backend\/src\/(?:.*\/)?(?:sandbox|payment-sandbox|sandboxes)(?:\/|$)|sandboxes\/)/;
/** The one file that names the sandbox packages: as data, loaded by configuration, never imported. */
const MOUNT = 'backend/src/sandbox-mount.ts';

interface SourceFile {
  file: string;
  text: string;
}

/** Every way one backend file reaches sandbox code: an import, an export from, import() or require() of it. */
function sandboxImports({ file, text }: SourceFile): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((specifier) => {
      if (SANDBOX_PACKAGE.test(specifier)) return true;
      if (!specifier.startsWith('.')) return false;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      return SANDBOX_FOLDER.test(target);
    })
    .map((specifier) => `${file} imports ${specifier}`);
}

/** What is wrong with the backend's sources: sandbox folders in them, sandbox imports, sandbox packages named. */
function layoutProblems(files: SourceFile[]): string[] {
  return files.flatMap((source) => [
    ...(SANDBOX_FOLDER.test(source.file) ? [`${source.file} is sandbox code inside backend/src`] : []),
    ...sandboxImports(source),
    ...(source.file !== MOUNT && /@guildhall\/sandbox-/.test(source.text) ? [`${source.file} names a sandbox package`] : []),
  ]);
}

const backendSources = (): SourceFile[] =>
  repositoryFiles()
    .filter((file) => file.startsWith('backend/src/'))
    .map((file) => ({ file, text: readFileSync(path.join(REPO_ROOT, file), 'utf8') }));

describe('the sandboxes are workspaces of their own', () => {
  it('backend/src holds no sandbox code and imports none', () => {
    const files = backendSources();
    expect(files.map((f) => f.file)).toEqual(expect.arrayContaining(['backend/src/app.ts', MOUNT]));
    expect(layoutProblems(files)).toEqual([]);
  });

  it('each sandbox is a workspace with its README, its tests and a mount the app loads by configuration', () => {
    const files = repositoryFiles();
    const root = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
    for (const [dir, name] of [
      ['sandboxes/discord', '@guildhall/sandbox-discord'],
      ['sandboxes/razorpay', '@guildhall/sandbox-razorpay'],
    ]) {
      expect(root.workspaces).toContain(dir);
      const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, dir, 'package.json'), 'utf8')) as { name: string };
      expect(pkg.name).toBe(name);
      expect(files).toEqual(expect.arrayContaining([`${dir}/README.md`, `${dir}/src/mount.ts`]));
      expect(files.some((file) => file.startsWith(`${dir}/test/`) && file.endsWith('.test.ts'))).toBe(true);
      expect(readFileSync(path.join(REPO_ROOT, MOUNT), 'utf8')).toContain(`'${name}/mount'`);
    }
    expect(files).toContain('sandboxes/discord/test/sandbox.conformance.test.ts');
  });

  it('would catch a sandbox import planted in backend/src, in any form', () => {
    const planted = [
      { file: 'backend/src/http/body-parser.ts', text: "import type { UploadedFile } from '../sandbox/message-writer.js';" },
      { file: 'backend/src/config/config.ts', text: "import { SANDBOX_CLIENT_ID } from '../../../sandboxes/discord/src/seed.js';" },
      { file: 'backend/src/app.module.ts', text: "import { PaymentSandboxModule } from '@guildhall/sandbox-razorpay';" },
      { file: 'backend/src/app.ts', text: "const { mount } = await import('@guildhall/sandbox-discord/mount');" },
      { file: 'backend/src/http/http-types.ts', text: "export type { UploadedFile } from '@guildhall/sandbox-discord/message-writer';" },
      { file: 'backend/src/main.ts', text: "const seed = require('../../sandboxes/discord/dist/seed.js');" },
    ];
    for (const source of planted) expect(layoutProblems([source]), source.text).not.toEqual([]);
    // One planted among the real files fails the whole check.
    expect(layoutProblems([...backendSources(), planted[0]!])).toEqual([
      'backend/src/http/body-parser.ts imports ../sandbox/message-writer.js',
    ]);
  });

  it('would catch a sandbox folder put back into backend/src, and a sandbox package named outside the mount', () => {
    expect(layoutProblems([{ file: 'backend/src/sandbox/seed.ts', text: '' }])).toEqual([
      'backend/src/sandbox/seed.ts is sandbox code inside backend/src',
    ]);
    expect(layoutProblems([{ file: 'backend/src/payment-sandbox/index.ts', text: '' }])).not.toEqual([]);
    expect(layoutProblems([{ file: 'backend/src/app.ts', text: "const name = '@guildhall/sandbox-discord/mount';" }])).toEqual([
      'backend/src/app.ts names a sandbox package',
    ]);
    // Not a sandbox: the product's own files that merely talk about one.
    expect(
      layoutProblems([{ file: 'backend/src/sandbox-mount.ts', text: "import type { AppConfig } from './config/config.js';" }]),
    ).toEqual([]);
    expect(layoutProblems([{ file: 'backend/src/http/html.ts', text: "import { x } from './sandbox-page.js';" }])).toEqual([]);
  });
});
