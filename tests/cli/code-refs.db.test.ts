import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referencesInText, SCAN_LIMITS } from '../../bin/code-refs.mjs';
import { cliAgainst, listeningTestApp } from '../helpers/cli';
import { createApiToken } from '../helpers/identity';
import type { TestApp } from '../helpers/test-app';

// Code references (issue 37 §1) on a generated repository: several languages and SDK call
// forms, an alias from the repository's config, an ignored file, a binary and a huge file, a
// symlink loop, names with regex metacharacters; scanned by `switchyard code-refs scan` as a
// child process, pushed, and read back per flag.
const exec = promisify(execFile);
const FLAGS = ['new-checkout', 'search.v2', 'dark_mode', 'legacy-banner', 'never-used'];

const FILES: Record<string, string> = {
  'web/Checkout.tsx': "const on = useFlag('new-checkout');\nexport const x = on;\n",
  'server/app.ts': "if (unleash.isEnabled('new-checkout', ctx)) {\n  run();\n}\n",
  'py/app.py': 'if client.is_enabled("dark_mode", ctx):\n    pass\n',
  'go/main.go': 'if unleash.IsEnabled("search.v2") {\n}\n',
  'java/App.java': 'client.getBooleanValue("legacy-banner", false);\n',
  // searchXv2 must not count for search.v2: names are words, not patterns.
  'notes.md': 'Not a flag: searchXv2, new-checkout-extra.\n',
  // The alias constant stands for new-checkout.
  'web/flags.ts': "export const CHECKOUT_FLAG = 'new-checkout';\nif (isEnabled(CHECKOUT_FLAG)) {}\n",
  '.switchyard/code-refs.json': JSON.stringify({ aliases: { CHECKOUT_FLAG: 'new-checkout' } }),
  '.gitignore': 'build/\n',
  'build/out.js': "isEnabled('dark_mode')\n",
};

async function git(dir: string, ...args: string[]) {
  await exec('git', ['-C', dir, ...args], {
    env: {
      ...process.env,
      GIT_AUTHOR_DATE: '2026-01-02T03:04:05Z',
      GIT_COMMITTER_DATE: '2026-01-02T03:04:05Z',
    },
  });
}

describe('switchyard code-refs scan', () => {
  let t: TestApp & { url: string };
  let repo: string;

  const switchyard = cliAgainst(() => t);

  beforeAll(async () => {
    t = await listeningTestApp();
    for (const name of FLAGS) await t.request('POST', '/api/admin/projects/default/features', { name });
    repo = await mkdtemp(join(tmpdir(), 'code-refs-'));
    for (const [path, text] of Object.entries(FILES)) {
      await mkdir(dirname(join(repo, path)), { recursive: true });
      await writeFile(join(repo, path), text);
    }
    await writeFile(
      join(repo, 'logo.png'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, ...Buffer.from("isEnabled('dark_mode')")]),
    );
    await writeFile(
      join(repo, 'huge.js'),
      `isEnabled('dark_mode');\n${'x'.repeat(SCAN_LIMITS.maxFileBytes)}`,
    );
    await symlink('.', join(repo, 'loop'));
    await git(repo, 'init', '-q', '-b', 'main');
    await git(repo, 'remote', 'add', 'origin', 'git@github.com:acme/shop.git');
    await git(repo, 'add', '-A');
    await git(repo, '-c', 'user.name=ci', '-c', 'user.email=ci@example.com', 'commit', '-q', '-m', 'init');
  });

  afterAll(async () => {
    await rm(repo, { recursive: true, force: true });
    await t?.close();
  });

  it('finds every call form and the alias, and nothing in ignored, binary, huge or looping files', async () => {
    const scanned = await switchyard(['code-refs', 'scan', '--repo', repo, '--json']);
    expect(scanned.code, scanned.stderr).toBe(0);
    const { references, repository } = JSON.parse(scanned.stdout);
    expect(repository).toMatchObject({ branch: 'main', url: 'git@github.com:acme/shop.git' });
    const found = references.map(
      (r: { flag: string; path: string; line: number; kind: string }) =>
        `${r.flag} ${r.path}:${r.line} ${r.kind}`,
    );
    expect(found.sort()).toEqual(
      [
        'dark_mode py/app.py:1 isEnabled',
        'legacy-banner java/App.java:1 openfeature',
        'new-checkout server/app.ts:1 isEnabled',
        'new-checkout web/Checkout.tsx:1 useFlag',
        'new-checkout web/flags.ts:1 mention',
        'new-checkout web/flags.ts:2 isEnabled',
        'search.v2 go/main.go:1 isEnabled',
      ].sort(),
    );
    expect(references[0].lastChangedAt).toBe('2026-01-02T03:04:05.000Z');
  });

  it('pushes the references; the flag page reads them with links; other projects are not the token’s', async () => {
    const pushed = await switchyard(['code-refs', 'scan', '--repo', repo, '--name', 'shop', '--push']);
    expect(pushed.stdout).toMatch(
      /^7 references in shop \(\d+ files, \d+ skipped, \d+ ms\); pushed 7, ignored 0\.\n$/,
    );
    const page = await t.request('GET', '/api/admin/projects/default/features/new-checkout/code-references');
    expect(page.json()).toMatchObject({
      flag: 'new-checkout',
      total: 4,
      repositories: [{ name: 'shop', branch: 'main' }],
    });
    const first = page.json().repositories[0].references[0];
    expect(first.link).toMatch(/^https:\/\/github\.com\/acme\/shop\/blob\/[0-9a-f]{40}\/server\/app\.ts#L1$/);
    expect(first.context).toEqual(["if (unleash.isEnabled('new-checkout', ctx)) {", '  run();', '}']);
    const counts = await t.request('GET', '/api/admin/code-references/counts');
    expect(counts.json().flags).toContainEqual({ flag: 'new-checkout', references: 4, repositories: 1 });
    const [event] = await t.db
      .selectFrom('events')
      .selectAll()
      .where('type', '=', 'code-references-updated')
      .execute();
    expect(event?.data).toMatchObject({ name: 'shop', references: 7 });
    // A client token cannot push.
    const client = await createApiToken(t, { type: 'client', environment: 'development' });
    expect((await switchyard(['code-refs', 'scan', '--repo', repo, '--push'], client)).code).toBe(1);
  });

  it('says whether a flag can be archived, naming the files that still use it', async () => {
    const used = await switchyard(['flags', 'readiness', 'new-checkout']);
    expect(used.stdout).toMatch(
      /^new-checkout is not ready to archive: still used in code \(4 references\)\.\nStill referenced at:\n- shop: /,
    );
    const unused = await switchyard(['flags', 'readiness', 'never-used']);
    expect(unused.stdout).toBe(
      'never-used can be archived: no scanned code uses it and no SDK has evaluated it for a week.\n',
    );
  });

  it('reads names as words, whatever characters they hold', () => {
    const names = new Set(['a.b', 'x+y', '(z)']);
    const found = referencesInText('f.ts', "aXb a.b x+y '(z)'", names, new Map());
    expect(found.map((reference: { flag: string }) => reference.flag)).toEqual(['a.b']);
  });
});
