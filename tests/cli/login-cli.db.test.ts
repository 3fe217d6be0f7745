import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningTestApp, runCli } from '../helpers/cli';
import { TEST_ADMIN_TOKEN, type TestApp } from '../helpers/test-app';

// `switchyard login|profiles|logout` (issue 36 §1) with the real OS keychain: the token goes to
// the keychain, only the URL to the profile file, and later commands find both. On Linux this
// needs a D-Bus session with an unlocked Secret Service, which `.ci/run` starts; locally the test
// skips without one, in CI it runs (a missing keychain must not pass unnoticed).
const _run = promisify(execFile);
const hasKeychain = process.platform !== 'linux' || Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);

describe.skipIf(!hasKeychain && !process.env.CI)('switchyard login with the OS keychain', () => {
  let t: TestApp & { url: string };
  let config: string;
  const profile = `ci-${randomUUID().slice(0, 8)}`;

  /** The CLI with only what a user's shell would have: no SWITCHYARD_URL/TOKEN unless given. */
  async function switchyard(args: string[], extra: Record<string, string> = {}) {
    const env = {
      HOME: config,
      XDG_CONFIG_HOME: config,
      ...(process.env.DBUS_SESSION_BUS_ADDRESS
        ? { DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS }
        : {}),
      ...extra,
    };
    return runCli(args, env);
  }

  beforeAll(async () => {
    t = await listeningTestApp();
    config = await mkdtemp(join(tmpdir(), 'switchyard-cli-'));
  });

  afterAll(async () => {
    await switchyard(['logout', '--profile', profile]);
    await rm(config, { recursive: true, force: true });
    await t?.close();
  });

  it('refuses a token the server refuses, and stores nothing', async () => {
    const refused = await switchyard([
      'login',
      '--url',
      t.url,
      '--token',
      'user:not-a-token',
      '--profile',
      profile,
    ]);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('refused the token (401)') });
    expect((await switchyard(['profiles'])).stdout).toContain('No profiles');
  });

  it('keeps the token in the keychain and the URL in the profile, and later commands use them', async () => {
    const signedIn = await switchyard([
      'login',
      '--url',
      t.url,
      '--token',
      TEST_ADMIN_TOKEN,
      '--profile',
      profile,
    ]);
    expect(signedIn.code, signedIn.stderr).toBe(0);
    expect(signedIn.stdout).toContain(`Signed in to ${t.url}`);
    const file = await readFile(join(config, 'switchyard', 'profiles.json'), 'utf8');
    expect(JSON.parse(file)).toEqual({ current: profile, profiles: { [profile]: { url: t.url } } });
    expect(file).not.toContain(TEST_ADMIN_TOKEN);
    expect((await switchyard(['profiles'])).stdout).toBe(`* ${profile}  ${t.url}\n`);
    await t.request('POST', '/api/admin/projects/default/features', { name: 'login-flag' });
    const listed = await switchyard(['flags', 'list', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).map((flag: { name: string }) => flag.name)).toContain('login-flag');
  });

  it('forgets the profile and its token on logout', async () => {
    expect((await switchyard(['logout', '--profile', profile])).stdout).toBe(
      `Signed out of profile "${profile}".\n`,
    );
    const after = await switchyard(['flags', 'list']);
    expect(after).toMatchObject({ code: 2, stderr: expect.stringContaining('A token is needed') });
  });
});
