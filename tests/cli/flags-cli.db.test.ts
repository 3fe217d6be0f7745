import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, cliAgainst, listeningTestApp } from '../helpers/cli';
import { createPat, createUser, login } from '../helpers/identity';
import { TEST_ADMIN_TOKEN, type TestApp } from '../helpers/test-app';

// `switchyard flags|eval|change-requests` (issue 36 §1) as a user runs them: a child process
// against a listening server, tables by default, --json for scripts, exit codes as documented.

describe('switchyard flags CLI', () => {
  let t: TestApp & { url: string };

  const switchyard = cliAgainst(() => t);

  beforeAll(async () => {
    t = await listeningTestApp({ loginRateLimitPerMinute: 1000 });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('creates, enables and rolls out a flag, then shows it as a table and as JSON', async () => {
    expect(await switchyard(['flags', 'create', 'cli-search', '--description', 'New search'])).toMatchObject({
      code: 0,
      stdout: 'Created cli-search in default; it is off everywhere.\n',
    });
    expect((await switchyard(['flags', 'enable', 'cli-search', '--env', 'development'])).stdout).toBe(
      'cli-search is now on in development.\n',
    );
    expect(
      (await switchyard(['flags', 'rollout', 'cli-search', '--env', 'development', '--percent', '30']))
        .stdout,
    ).toBe('cli-search now rolls out to 30% in development.\n');
    const shown = await switchyard(['flags', 'get', 'cli-search']);
    expect(shown.stdout).toMatch(/^cli-search \(default, release\)\nENVIRONMENT +ON +STRATEGIES/);
    expect(shown.stdout).toMatch(/development +on +flexibleRollout 30%/);
    const listed = JSON.parse((await switchyard(['flags', 'list', '--json'])).stdout);
    expect(listed).toEqual([expect.objectContaining({ name: 'cli-search', enabledIn: ['development'] })]);
    const evaluated = await switchyard([
      'eval',
      'cli-search',
      '--env',
      'development',
      '--context',
      'userId=u-1',
    ]);
    expect(evaluated.stdout).toMatch(/^cli-search in development: (enabled|disabled)\n$/);
  });

  it('turns a production write under change requests into a change request, listed afterwards', async () => {
    await t.request('PUT', '/api/admin/projects/default/environments/production/change-requests/config', {
      changeRequestsEnabled: true,
      requiredApprovals: 1,
    });
    await createUser(t, { username: 'cli-editor', rootRole: 'Editor' });
    const pat = await createPat(t, await login(t, 'cli-editor'));
    const proposed = await switchyard(['flags', 'enable', 'cli-search', '--env', 'production'], pat);
    expect(proposed.code).toBe(0);
    expect(proposed.stdout).toMatch(
      /change request (\d+) holds this change \(In review\)\. A reviewer approves and applies it at http/,
    );
    const id = /change request (\d+)/.exec(proposed.stdout)?.[1] ?? '';
    const shown = await switchyard(['change-requests', 'show', id], pat);
    expect(shown.stdout).toMatch(
      new RegExp(`^Change request ${id}: .*\\n {2}In review in production, by cli-editor\\n`),
    );
    expect(shown.stdout).toContain('  cli-search: updateEnabled');
    const list = await switchyard(['change-requests', 'list'], pat);
    expect(list.stdout).toMatch(/^ID +STATE +ENVIRONMENT +BY +TITLE\n\d+ +In review +production +cli-editor/);
  });

  it('lists projects and environments, and creates, lists and revokes a token', async () => {
    expect((await switchyard(['projects'])).stdout).toMatch(/^ID +NAME +FLAGS +MODE\ndefault +Default/);
    expect((await switchyard(['environments'])).stdout).toMatch(/development +development +yes/);
    const created = await switchyard([
      'tokens',
      'create',
      '--name',
      'cli-ci',
      '--type',
      'client',
      '--env',
      'development',
    ]);
    const secret = created.stdout.split('\n')[0] ?? '';
    expect(secret).toMatch(/^\*:development\.[0-9a-f]+$/);
    expect((await switchyard(['tokens', 'list'])).stdout).toMatch(/cli-ci +client +development/);
    expect((await switchyard(['tokens', 'revoke', secret])).stdout).toBe('Revoked.\n');
    expect((await switchyard(['tokens', 'list'])).stdout).not.toContain('cli-ci');
  });

  it('archives and revives a flag', async () => {
    await switchyard(['flags', 'create', 'cli-old']);
    expect((await switchyard(['flags', 'archive', 'cli-old'])).stdout).toBe(
      'Archived cli-old; switchyard flags revive cli-old brings it back.\n',
    );
    expect((await switchyard(['flags', 'list', '--query', 'cli-old', '--json'])).stdout).toBe('[]\n');
    expect((await switchyard(['flags', 'revive', 'cli-old'])).stdout).toBe(
      'Revived cli-old (off in every environment until switched on).\n',
    );
    expect(
      JSON.parse((await switchyard(['flags', 'list', '--query', 'cli-old', '--json'])).stdout),
    ).toHaveLength(1);
  });

  it('follows the event log with events tail', async () => {
    const child = spawn(process.execPath, [CLI, 'events', 'tail', '--limit', '1', '--interval', '0.2'], {
      env: { PATH: process.env.PATH ?? '', SWITCHYARD_URL: t.url, SWITCHYARD_TOKEN: TEST_ADMIN_TOKEN },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    try {
      await expect.poll(() => output.split('\n').length, { timeout: 10_000 }).toBeGreaterThan(1);
      await switchyard(['flags', 'create', 'cli-tailed']);
      await expect
        .poll(() => output, { timeout: 10_000 })
        .toMatch(/feature-created {2}default\/cli-tailed {2}by /);
    } finally {
      child.kill();
    }
  });

  it('answers exit code 1 for a refusal and 2 for a wrong command', async () => {
    const missing = await switchyard(['flags', 'get', 'nope']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^404: /);
    const noEnv = await switchyard(['flags', 'enable', 'cli-search']);
    expect(noEnv).toMatchObject({ code: 2, stderr: expect.stringContaining('--env is needed') });
    const badPercent = await switchyard([
      'flags',
      'rollout',
      'cli-search',
      '--env',
      'development',
      '--percent',
      '150',
    ]);
    expect(badPercent.code).toBe(1);
    expect((await switchyard(['flags', 'frobnicate'])).code).toBe(2);
  });
});
