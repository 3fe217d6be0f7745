import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { OFREPProvider } from '@openfeature/ofrep-provider';
import { OpenFeature } from '@openfeature/server-sdk';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderTypescript } from '../../bin/generate-typescript.mjs';
import { runCli } from '../helpers/cli';
import { call } from '../helpers/flag-model';
import { createApiToken } from '../helpers/identity';
import { createTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../helpers/test-app';

// `switchyard generate typescript` (issue 36 §3) end to end: flags described through the
// OpenFeature manifest API and in the console, the CLI run as a child process, the file it writes
// type-checked under strict TypeScript against @openfeature/server-sdk, then its accessors
// evaluated by the real OpenFeature server SDK through OFREP against the same server.
// Inside the checkout, so the generated module resolves @openfeature/server-sdk as an app would.
const DIR = join(__dirname, '../../node_modules/.cache/generate-cli-test');
const _run = promisify(execFile);
const MANIFEST = '/api/admin/projects/default/openfeature/v0/manifest';
const ENV = '/environments/development';
const P = '/api/admin/projects/default/features';

const switchyard = (args: string[], url: string) =>
  runCli(args, { SWITCHYARD_URL: url, SWITCHYARD_TOKEN: TEST_ADMIN_TOKEN });

/** Strict TypeScript's errors for the file, as an app compiling it would see them. */
function typeErrors(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe('switchyard generate typescript', () => {
  let t: TestApp & { url: string };

  beforeAll(async () => {
    const app = await createTestApp();
    t = { ...app, url: await app.app.listen({ host: '127.0.0.1', port: 0 }) };
    await mkdir(DIR, { recursive: true });
    const manifestFlag = (body: object) => call(t, 'POST', `${MANIFEST}/flags`, body, 201);
    await manifestFlag({
      key: 'welcome-text',
      type: 'string',
      description: 'Greeting on the home page',
      defaultValue: 'Hello',
    });
    await manifestFlag({ key: 'max-retries', type: 'integer', defaultValue: 3 });
    await manifestFlag({ key: 'checkout.theme', type: 'object', defaultValue: { primary: 'green' } });
    await call(t, 'POST', P, { name: 'new-header' }, 201);
    // welcome-text serves "Hi there" in development; new-header is on there.
    await call(
      t,
      'POST',
      `${P}/welcome-text${ENV}/strategies`,
      {
        name: 'flexibleRollout',
        parameters: { rollout: '100', stickiness: 'default', groupId: 'welcome-text' },
        variants: [
          {
            name: 'hi',
            weight: 1000,
            weightType: 'variable',
            stickiness: 'default',
            payload: { type: 'string', value: 'Hi there' },
          },
        ],
      },
      200,
    );
    for (const name of ['welcome-text', 'new-header'])
      await call(t, 'POST', `${P}/${name}${ENV}/on`, undefined, 200);
  });

  afterAll(async () => {
    await OpenFeature.close();
    await rm(DIR, { recursive: true, force: true });
    await t?.close();
  });

  it('writes accessors that strict TypeScript accepts and the OpenFeature SDK evaluates through OFREP', async () => {
    const file = join(DIR, 'flags.ts');
    const result = await switchyard(['generate', 'typescript', '--project', 'default', '--out', file], t.url);
    expect(result).toMatchObject({ code: 0, stdout: `Wrote 4 flag accessors to ${file}\n` });
    const source = await readFile(file, 'utf8');
    expect(source).toContain(
      "import type { Client, EvaluationContext, JsonValue } from '@openfeature/server-sdk';",
    );
    expect(source).toContain('/** Greeting on the home page Default: "Hello". */');
    expect(source).toContain('export const checkoutTheme = {');
    expect(source).toContain('client.getNumberValue("max-retries", 3 as number, context)');
    expect(typeErrors(file)).toEqual([]);

    const compiled = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    const modulePath = join(DIR, 'flags.mjs');
    await writeFile(modulePath, compiled);
    const flags = await import(pathToFileURL(modulePath).href);
    const clientToken = await createApiToken(t, { type: 'client', environment: 'development' });
    await OpenFeature.setProviderAndWait(
      new OFREPProvider({ baseUrl: t.url, headers: [['Authorization', clientToken]] }),
    );
    const client = OpenFeature.getClient();
    expect(await flags.welcomeText.value(client, { targetingKey: 'user-1' })).toBe('Hi there');
    expect(await flags.newHeader.value(client)).toBe(true);
    // Off in development: the code default from the manifest.
    expect(await flags.maxRetries.value(client)).toBe(3);
    expect(Object.keys(flags.flags)).toEqual(['checkout.theme', 'max-retries', 'new-header', 'welcome-text']);
  });

  it('says what is wrong: an unknown project, a missing option, a wrong SDK', async () => {
    const unknown = await switchyard(['generate', 'typescript', '--project', 'nowhere'], t.url);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^40[34] /);
    expect((await switchyard(['generate', 'typescript'], t.url)).stderr).toContain('--project is needed');
    const sdk = await switchyard(['generate', 'typescript', '--project', 'default', '--sdk', 'go'], t.url);
    expect(sdk).toMatchObject({ code: 2, stderr: expect.stringContaining('--sdk is server or web') });
  });
});

describe('renderTypescript', () => {
  it('names accessors as identifiers, distinct, and writes the web SDK form without a context', () => {
    const text = renderTypescript(
      {
        flags: [
          { key: 'a-b', type: 'boolean', defaultValue: false },
          { key: 'a_b', type: 'boolean', defaultValue: true },
          { key: '3d-view', type: 'string', description: 'ends */ here', defaultValue: 'x' },
          { key: 'default', type: 'boolean', defaultValue: false },
        ],
      },
      { project: 'p', source: 'http://x', sdk: 'web' },
    );
    expect(text).toContain("import type { Client } from '@openfeature/web-sdk';");
    expect(text).toContain('export const flag3dView = {');
    expect(text).toContain('export const aB = {');
    expect(text).toContain('export const aB2 = {');
    expect(text).toContain('export const flagDefault = {');
    expect(text).toContain('/** ends *\\/ here Default: "x". */');
    expect(text).toContain(
      'value: (client: Client) =>\n    client.getBooleanValue("a-b", false as boolean),',
    );
  });
});
