import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { cliAgainst, listeningTestApp } from '../helpers/cli';
import { call, createFlag, latestEventId } from '../helpers/flag-model';
import { createPat, createUser, login } from '../helpers/identity';
import type { TestApp } from '../helpers/test-app';

// `switchyard export|plan|apply` (issue 36 §2) as CI runs it: a child process against a
// listening server. Plan after apply is empty; a console change shows as drift; a malformed
// file is refused with its line and column and nothing is applied.

interface Doc {
  project: string;
  flags: Array<Record<string, unknown> & { name: string }>;
}

describe('switchyard flags as code', () => {
  let t: TestApp & { url: string };
  let dir: string;

  const switchyard = cliAgainst(() => t);

  beforeAll(async () => {
    t = await listeningTestApp();
    dir = await mkdtemp(join(tmpdir(), 'flags-as-code-'));
    await call(t, 'POST', '/api/admin/segments', { name: 'beta-users', constraints: [] }, 201);
    await createFlag(t, 'fac-existing', 'default', { description: 'Old text' });
    await createFlag(t, 'fac-doomed');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('exports, plans the edit, applies it, and plans nothing afterwards; drift shows', async () => {
    const file = join(dir, 'flags.yaml');
    const exported = await switchyard(['export', '--project', 'default', '--out', file]);
    expect(exported).toMatchObject({ code: 0, stdout: `Wrote ${file}: 2 flag(s) of default.\n` });
    const doc = parse(await readFile(file, 'utf8')) as Doc;
    expect(doc.flags.map((flag) => flag.name)).toEqual(['fac-doomed', 'fac-existing']);

    doc.flags = doc.flags.filter((flag) => flag.name !== 'fac-doomed');
    doc.flags[0]!.description = 'New text';
    doc.flags.push({
      name: 'fac-new',
      tags: ['simple:checkout'],
      environments: {
        development: {
          enabled: true,
          strategies: [
            {
              name: 'flexibleRollout',
              parameters: { rollout: 40 },
              constraints: [{ contextName: 'userId', operator: 'IN', values: ['u1'] }],
              segments: ['beta-users'],
            },
            { name: 'default', title: 'everyone else', disabled: true },
          ],
        },
      },
    });
    await writeFile(file, stringify(doc));

    const planned = await switchyard(['plan', file]);
    expect(planned.code).toBe(2);
    expect(planned.stdout).toContain('~ change fac-existing\n    description: "Old text" -> "New text"\n');
    expect(planned.stdout).toContain(
      '+ create fac-new\n    type: "release"\n    tags: ["simple:checkout"]\n',
    );
    expect(planned.stdout).toMatch(
      / {4}environments\.development\.strategies: \[\{.*"segments":\["beta-users"\]/,
    );
    expect(planned.stdout).toContain('- archive fac-doomed\n    archived: false -> true\n');
    expect(planned.stdout).toContain('Plan: 1 to create, 1 to change, 1 to archive.');

    const applied = await switchyard(['apply', file]);
    expect(applied.stdout).toContain('Applied 3 flag(s), refused 0.');
    expect(applied.code).toBe(0);
    const again = await switchyard(['plan', file]);
    expect(again).toMatchObject({ code: 0, stdout: 'No changes. The server matches the file.\n' });

    const env = await call<{ enabled: boolean; strategies: Array<{ name: string; segments: number[] }> }>(
      t,
      'GET',
      '/api/admin/projects/default/features/fac-new/environments/development',
      undefined,
      200,
    );
    expect(env.enabled).toBe(true);
    expect(env.strategies.map((strategy) => strategy.name)).toEqual(['flexibleRollout', 'default']);

    // A change in the console since the last apply is drift: plan shows it.
    await call(
      t,
      'POST',
      '/api/admin/projects/default/features/fac-new/environments/development/off',
      undefined,
      200,
    );
    const drift = await switchyard(['plan', file]);
    expect(drift.code).toBe(2);
    expect(drift.stdout).toContain('~ change fac-new\n    environments.development.enabled: false -> true\n');
  });

  it('refuses a malformed file with line:column and applies nothing', async () => {
    const bad = join(dir, 'bad.yaml');
    await writeFile(
      bad,
      [
        'project: default',
        'flags:',
        '  - name: fac-never',
        '    colour: red',
        '    environments:',
        '      development:',
        '        enabled: maybe',
      ].join('\n'),
    );
    const before = await latestEventId(t.db);
    const refused = await switchyard(['apply', bad]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${bad}:4:5: flags[0].colour: unknown field "colour"`);
    expect(refused.stderr).toContain(
      `${bad}:7:18: flags[0].environments.development.enabled: must be boolean, not string`,
    );
    await writeFile(bad, 'project: default\nflags: [\n  {name: fac-never\n');
    const broken = await switchyard(['plan', bad]);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(new RegExp(`${bad}:\\d+:\\d+: `));
    // A value only the server can judge (an unknown segment) is refused as a whole, before any write.
    await writeFile(
      bad,
      stringify({
        project: 'default',
        flags: [
          {
            name: 'fac-never',
            environments: {
              development: { enabled: true, strategies: [{ name: 'default', segments: ['nope'] }] },
            },
          },
        ],
      }),
    );
    const unknown = await switchyard(['apply', bad]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown segment: nope.');
    expect(await latestEventId(t.db)).toBe(before);
  });

  it('submits the changes of an environment under change requests as a change request, and applies the rest', async () => {
    await call(
      t,
      'PUT',
      '/api/admin/projects/default/environments/production/change-requests/config',
      { changeRequestsEnabled: true, requiredApprovals: 1 },
      200,
    );
    await createUser(t, { username: 'fac-editor', rootRole: 'Editor' });
    const pat = await createPat(t, await login(t, 'fac-editor'));
    const file = join(dir, 'gated.yaml');
    expect((await switchyard(['export', '--project', 'default', '--out', file], pat)).code).toBe(0);
    const doc = parse(await readFile(file, 'utf8')) as Doc;
    const byName = (name: string) => doc.flags.find((flag) => flag.name === name)!;
    const existing = byName('fac-existing').environments as Record<string, unknown>;
    existing.production = {
      enabled: true,
      strategies: [{ name: 'flexibleRollout', parameters: { rollout: 10 } }],
    };
    byName('fac-existing').description = 'Described in review';
    await writeFile(file, stringify(doc));
    const applied = await switchyard(['apply', file], pat);
    expect(applied.code).toBe(0);
    expect(applied.stdout).toMatch(
      /~ change fac-existing: description, environments\.production\.enabled, environments\.production\.strategies\n {4}production takes change requests: change request (\d+) holds its changes \(In review\)\n/,
    );
    const id = Number(/change request (\d+)/.exec(applied.stdout)![1]);
    const request = await call<{
      state: string;
      features: Array<{ name: string; changes: Array<{ action: string }> }>;
    }>(t, 'GET', `/api/admin/projects/default/change-requests/${id}`, undefined, 200);
    expect(request.state).toBe('In review');
    expect(request.features[0]!.changes.map((change) => change.action)).toEqual([
      'addStrategy',
      'updateEnabled',
    ]);
    // The description was applied; production waits for the review, so plan still shows it.
    const left = await switchyard(['plan', file], pat);
    expect(left.code).toBe(2);
    expect(left.stdout).not.toContain('description');
    expect(left.stdout).toContain('environments.production.enabled: false -> true');
    // Approved and applied by a reviewer, the change request brings the server to the file.
    await createUser(t, { username: 'fac-reviewer', rootRole: 'Admin' });
    const reviewer = await createPat(t, await login(t, 'fac-reviewer'));
    for (const state of ['Approved', 'Applied']) {
      const moved = await t.request(
        'PUT',
        `/api/admin/projects/default/change-requests/${id}/state`,
        { state },
        {
          authorization: reviewer,
        },
      );
      expect(moved.statusCode, moved.body).toBe(200);
    }
    expect(await switchyard(['plan', file], pat)).toMatchObject({ code: 0 });
  });

  it('refuses a flag the server refuses and applies the others; a viewer is refused as a whole', async () => {
    const file = join(dir, 'partly.yaml');
    expect((await switchyard(['export', '--project', 'default', '--out', file])).code).toBe(0);
    const doc = parse(await readFile(file, 'utf8')) as Doc;
    doc.flags.find((flag) => flag.name === 'fac-existing')!.tags = ['no-such-type:x'];
    doc.flags.find((flag) => flag.name === 'fac-new')!.description = 'Applied alone';
    await writeFile(file, stringify(doc));
    const partly = await switchyard(['apply', file]);
    expect(partly.code).toBe(1);
    expect(partly.stdout).toMatch(/^! change fac-existing refused: \w+Error: /m);
    expect(partly.stdout).toContain('Applied 1 flag(s), refused 1.');
    const left = await switchyard(['plan', file]);
    expect(left.stdout).toBe(
      '~ change fac-existing\n    tags: [] -> ["no-such-type:x"]\n\nPlan: 0 to create, 1 to change, 0 to archive.\n',
    );

    await createUser(t, { username: 'fac-viewer', rootRole: 'Viewer' });
    const viewer = await createPat(t, await login(t, 'fac-viewer'));
    const refused = await switchyard(['apply', file], viewer);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^403 PermissionError/);
  });
});
