import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Context, Unleash } from 'unleash-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaygroundResponse } from '../../server/contract';
import { startNodeSdk } from './node-sdk';
import { type SdkTestServer, startSdkTestServer } from './sdk-server';
import { groupFiles, SPEC_ENVIRONMENT, type SpecFile } from './spec-file';
import { SpecStateBuilder } from './spec-state-builder';

// Issue 15's proof for the playground: every client-specification state is built on a running
// Switchyard through the admin API, and for every case the playground's answer must equal both
// the specification's expected result and the real Node SDK's evaluation of the same flag,
// fetched over HTTP with a client token. Cases whose state the admin API cannot express are
// skipped for the reason SpecStateBuilder records (tests/sdk/client-specification.sdk.db.test.ts
// lists them). https://github.com/Unleash/client-specification

const APP_NAME = 'switchyard-playground-spec';

const specDir = dirname(
  createRequire(import.meta.url).resolve('@unleash/client-specification/specifications/index.json'),
);
const readJson = (file: string): unknown => JSON.parse(readFileSync(join(specDir, file), 'utf8'));
const specs = (readJson('index.json') as string[]).map((file) => ({
  file,
  spec: readJson(file) as SpecFile,
}));

let compared = 0;
let skipped = 0;

/**
 * A variant as plain JSON without the deprecated `featureEnabled` twin: older files omit it, and
 * Unleash's playground sets it only on the "disabled" variant of an enabled flag.
 */
function comparable(actual: object): Record<string, unknown> {
  const plain = JSON.parse(JSON.stringify(actual)) as Record<string, unknown>;
  delete plain.featureEnabled;
  return plain;
}

describe('the playground on the client specification, against the real Node SDK', () => {
  afterAll(() => console.info(`playground specification: ${compared} cases compared, ${skipped} skipped`));

  groupFiles(specs).forEach((group, groupIndex) => {
    describe(`server ${groupIndex + 1} (${group.length} files)`, () => {
      let server: SdkTestServer | undefined;
      beforeAll(async () => {
        server = await startSdkTestServer();
      });
      afterAll(async () => {
        await server?.stop();
      });
      for (const { file, spec } of group) describeFile(file, spec, () => server!);
    });
  });
});

function describeFile(file: string, spec: SpecFile, getServer: () => SdkTestServer): void {
  describe(file, () => {
    const project = `spec-${file.slice(0, 2)}`;
    let builder: SpecStateBuilder;
    let unleash: Unleash | undefined;

    beforeAll(async () => {
      const server = getServer();
      builder = new SpecStateBuilder(server, { project, label: file.replace(/\.json$/, '') });
      await builder.build(spec.state);
      const token = await server.createToken({
        type: 'client',
        environment: SPEC_ENVIRONMENT,
        projects: [project],
        tokenName: project,
      });
      ({ unleash } = await startNodeSdk({ url: server.url, token, appName: APP_NAME }));
    });
    afterAll(() => unleash?.destroy());

    /** The playground's answer for one flag, with the context the SDK completes the same way. */
    async function playground(toggleName: string, context: Record<string, unknown>) {
      const answer = await getServer().admin<PlaygroundResponse>('POST', '/api/admin/playground', {
        environment: SPEC_ENVIRONMENT,
        projects: [project],
        // The SDK adds its appName and environment ("default") when the context has none.
        context: { appName: APP_NAME, environment: 'default', ...context },
      });
      expect(answer.status, answer.text).toBe(200);
      return answer.body.features.find((feature) => feature.name === toggleName);
    }

    (spec.tests ?? []).forEach((testCase, i) => {
      it(`isEnabled #${i + 1}: ${testCase.description}`, async ({ skip }) => {
        const reason = builder.skipReason(testCase.toggleName, 'isEnabled');
        if (reason) {
          skipped += 1;
          skip(reason);
        }
        const flag = await playground(testCase.toggleName, testCase.context);
        const sdk = unleash!.isEnabled(testCase.toggleName, testCase.context as Context);
        expect([flag?.isEnabled ?? false, sdk]).toEqual([testCase.expectedResult, testCase.expectedResult]);
        compared += 1;
      });
    });

    (spec.variantTests ?? []).forEach((testCase, i) => {
      it(`getVariant #${i + 1}: ${testCase.description}`, async ({ skip }) => {
        const reason = builder.skipReason(testCase.toggleName, 'variant');
        if (reason) {
          skipped += 1;
          skip(reason);
        }
        const flag = await playground(testCase.toggleName, testCase.context);
        const expected = testCase.expectedResult as unknown as Record<string, unknown>;
        const sdk = unleash!.getVariant(testCase.toggleName, testCase.context as Context);
        // A flag the state does not have: the playground lists nothing, the SDK answers disabled.
        const ours = flag?.variant ?? { name: 'disabled', enabled: false, feature_enabled: false };
        expect(comparable(ours)).toStrictEqual(comparable(expected));
        expect(comparable(sdk)).toStrictEqual(comparable(expected));
        compared += 1;
      });
    });
  });
}
