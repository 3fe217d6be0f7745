import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../../server/src/config';
import { createTestApp, TEST_ADMIN_TOKEN, type TestApp } from './test-app';

/** The `switchyard` command as the package installs it. */
export const CLI = join(__dirname, '../../bin/switchyard.mjs');

const run = promisify(execFile);

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `switchyard` as a user would: a child process with only the environment given. */
export async function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** `switchyard` against a server: its URL and a token (the seeded admin token by default) from the environment. */
export function cliAgainst(server: () => { url: string }) {
  return (args: string[], token: string = TEST_ADMIN_TOKEN) =>
    runCli(args, { SWITCHYARD_URL: server().url, SWITCHYARD_TOKEN: token });
}

/** A test app listening on a loopback port, for commands that talk HTTP to it. */
export async function listeningTestApp(overrides: Partial<Config> = {}): Promise<TestApp & { url: string }> {
  const app = await createTestApp(overrides);
  return { ...app, url: await app.app.listen({ host: '127.0.0.1', port: 0 }) };
}
