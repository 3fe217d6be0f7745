import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle, BundleSigningKey } from '../../server/contract';
import { listeningTestApp, runCli } from '../helpers/cli';
import { call } from '../helpers/flag-model';
import { TEST_ADMIN_TOKEN, type TestApp } from '../helpers/test-app';

const _run = promisify(execFile);

const switchyard = (args: string[], server: { url: string }) =>
  runCli(args, { SWITCHYARD_URL: server.url, SWITCHYARD_TOKEN: TEST_ADMIN_TOKEN });

describe('switchyard bundle CLI across two instances (issue 18)', () => {
  let source: TestApp & { url: string };
  let target: TestApp & { url: string };
  let dir: string;

  beforeAll(async () => {
    [source, target] = await Promise.all([listeningTestApp(), listeningTestApp()]);
    dir = await mkdtemp(join(tmpdir(), 'bundle-cli-'));
    await call(source, 'POST', '/api/admin/projects', { id: 'alpha', name: 'Alpha' }, 201);
    await call(target, 'POST', '/api/admin/projects', { id: 'beta', name: 'Beta' }, 201);
    for (const name of ['cli-one', 'cli-two']) {
      await call(source, 'POST', '/api/admin/projects/alpha/features', { name }, 201);
      await call(
        source,
        'POST',
        `/api/admin/projects/alpha/features/${name}/environments/development/strategies`,
        { name: 'default' },
        200,
      );
    }
  });
  afterAll(async () => {
    await Promise.all([source?.close(), target?.close()]);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('exports, verifies (untrusted, then trusted), diffs and applies; refuses a tampered file', async () => {
    const file = join(dir, 'alpha.json');
    const exported = await switchyard(
      ['bundle', 'export', '--project', 'alpha', '--environment', 'development', '--out', file],
      source,
    );
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toMatch(
      /^Wrote .*alpha\.json: 2 flag\(s\), sha256:[0-9a-f]{64}, signed by sha256:/,
    );
    const bundle = JSON.parse(await readFile(file, 'utf8')) as Bundle;

    const untrusted = await switchyard(['bundle', 'verify', file], target);
    expect(untrusted.code).toBe(1);
    expect(untrusted.stdout).toContain('NOT TRUSTED');
    const refused = await switchyard(
      ['bundle', 'apply', file, '--project', 'beta', '--environment', 'development'],
      target,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^403 OperationDeniedError/);

    const key = await call<BundleSigningKey>(source, 'GET', '/api/admin/bundles/signing-key', undefined, 200);
    await call(
      target,
      'POST',
      '/api/admin/bundles/trusted-keys',
      { name: 'source', publicKey: key.publicKey },
      201,
    );
    const verified = await switchyard(['bundle', 'verify', file], target);
    expect(verified.code, verified.stdout).toBe(0);
    expect(verified.stdout).toContain(`${key.fingerprint} trusted as "source"`);

    const diff = await switchyard(
      ['bundle', 'diff', file, '--project', 'beta', '--environment', 'development'],
      target,
    );
    expect(diff.code, diff.stdout).toBe(0);
    expect(diff.stdout).toContain('In beta / development:');
    expect(diff.stdout).toContain('added (2): cli-one, cli-two');

    const tamperedFile = join(dir, 'tampered.json');
    const text = JSON.stringify(bundle);
    await writeFile(tamperedFile, text.replace('"cli-two"', '"cli-twO"'));
    const tampered = await switchyard(
      ['bundle', 'apply', tamperedFile, '--project', 'beta', '--environment', 'development'],
      target,
    );
    expect(tampered.code).toBe(1);
    expect(tampered.stderr).toMatch(/^400 BadDataError: The bundle was refused/);

    const applied = await switchyard(
      ['bundle', 'apply', file, '--project', 'beta', '--environment', 'development'],
      target,
    );
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain('created (2): cli-one, cli-two');
    const again = await switchyard(
      ['bundle', 'diff', file, '--project', 'beta', '--environment', 'development'],
      target,
    );
    expect(again.stdout).toContain('unchanged (2): cli-one, cli-two');
  });

  it('says how to use it: usage errors exit 2, an unreachable server 3', async () => {
    const usage = await switchyard(['bundle', 'apply', 'x.json'], target);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Cannot read x.json');
    const unknown = await switchyard(['bundle', 'frobnicate'], target);
    expect(unknown.code).toBe(2);
    const unreachable = await switchyard(
      ['bundle', 'export', '--project', 'alpha', '--environment', 'development'],
      {
        ...target,
        url: 'http://127.0.0.1:9',
      },
    );
    expect(unreachable.code).toBe(3);
    // Inherited names are not commands.
    const inherited = await switchyard(['bundle', 'toString'], target);
    expect(inherited.code).toBe(2);
    expect(inherited.stderr).toContain('Unknown command "toString"');
  });

  it('shows an error answer that is not JSON as it came (exit 1, not "Cannot reach")', async () => {
    const proxy = createServer((_request, response) => {
      response.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad Gateway</html>');
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      const answer = await switchyard(
        ['bundle', 'export', '--project', 'alpha', '--environment', 'development'],
        {
          ...target,
          url,
        },
      );
      expect(answer.code).toBe(1);
      expect(answer.stderr).toContain('502 Bad Gateway: <html>Bad Gateway</html>');
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});
