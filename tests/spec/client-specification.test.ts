import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ClientFeatures, ClientFeaturesDelta, Context } from '../../server/contract';
import {
  applyDeltaEvents,
  createFlagRepository,
  type EvaluationDeps,
  evaluateCompiledOutcome,
  evaluateFlagByName,
  type FlagState,
} from '../../server/src/evaluation';

// Runs the official Unleash client specification against the engine: one `it` per case.
// https://github.com/Unleash/client-specification (npm @unleash/client-specification)

interface SpecCase<T> {
  description: string;
  context: Context;
  toggleName: string;
  expectedResult: T;
}

interface ExpectedVariant {
  name: string;
  enabled: boolean;
  payload?: { type: string; value: string };
  feature_enabled?: boolean;
  featureEnabled?: boolean;
}

interface SpecFile {
  name: string;
  state: ClientFeatures | ClientFeaturesDelta;
  tests?: SpecCase<boolean>[];
  variantTests?: SpecCase<ExpectedVariant>[];
}

const specDir = dirname(
  createRequire(import.meta.url).resolve('@unleash/client-specification/specifications/index.json'),
);
const readJson = (file: string): unknown => JSON.parse(readFileSync(join(specDir, file), 'utf8'));
const specFiles = readJson('index.json') as string[];

/** Files 19 and 20 carry delta events instead of a full payload: replay them into a state first. */
function stateOf(spec: SpecFile): FlagState {
  return 'events' in spec.state ? applyDeltaEvents(spec.state.events) : spec.state;
}

const counts: Record<string, { tests: number; variantTests: number }> = {};
const specs = specFiles.map((file) => {
  const spec = readJson(file) as SpecFile;
  counts[file] = { tests: spec.tests?.length ?? 0, variantTests: spec.variantTests?.length ?? 0 };
  return { file, spec };
});
const total = Object.values(counts).reduce((sum, c) => sum + c.tests + c.variantTests, 0);
console.info(`client-specification: ${specFiles.length} files, ${total} cases`, counts);

describe('Unleash client specification', () => {
  it('lists the files of index.json, each with cases', () => {
    expect(specFiles.length).toBeGreaterThanOrEqual(22);
    for (const file of specFiles) {
      const count = counts[file]!;
      expect(count.tests + count.variantTests, file).toBeGreaterThan(0);
    }
  });

  for (const { file, spec } of specs) {
    describe(file, () => {
      const deps: EvaluationDeps = { repository: createFlagRepository(stateOf(spec)) };

      (spec.tests ?? []).forEach((testCase, i) => {
        it(`isEnabled #${i + 1}: ${testCase.description}`, () => {
          const result = evaluateFlagByName(testCase.toggleName, testCase.context, deps);
          expect(result.enabled).toBe(testCase.expectedResult);
          expect(result.variant.feature_enabled).toBe(result.enabled);
          // The compiled evaluator (the frontend API's) must agree case by case.
          expect(evaluateCompiledOutcome(testCase.toggleName, testCase.context, deps).enabled).toBe(
            testCase.expectedResult,
          );
        });
      });

      (spec.variantTests ?? []).forEach((testCase, i) => {
        it(`getVariant #${i + 1}: ${testCase.description}`, () => {
          const { variant } = evaluateFlagByName(testCase.toggleName, testCase.context, deps);
          const expected = testCase.expectedResult;
          const compiled = evaluateCompiledOutcome(testCase.toggleName, testCase.context, deps);
          expect(compiled.variant?.name ?? 'disabled').toBe(expected.name);
          expect(compiled.enabled).toBe(
            expected.feature_enabled ?? expected.featureEnabled ?? compiled.enabled,
          );
          // The spec spells the flag state `feature_enabled`; the deprecated twin must agree with it.
          expect(variant.featureEnabled).toBe(variant.feature_enabled);
          if ('featureEnabled' in expected) {
            expect(variant).toStrictEqual(expected);
          } else {
            const { featureEnabled: _twin, ...rest } = variant;
            expect(rest).toStrictEqual(expected);
          }
        });
      });
    });
  }
});
