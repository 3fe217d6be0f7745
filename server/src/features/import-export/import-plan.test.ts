import { describe, expect, it } from 'vitest';
import type { ExportResult } from '../../../contract';
import { type ExistingFlag, type ImportState, planImport } from './import-plan';

/**
 * How an import treats flags the target already has, as Unleash 8.2's export-import service does
 * (read in unleash-server 8.2.0's dist/lib/features/export-import-toggles/export-import-service.js):
 * metadata updated, strategies replaced, tags replaced, variants only when the file lists some,
 * on/off only where the file has an environment row, links only for flags the file has links
 * for, dependencies upserted (never removed).
 */

const existing: ExistingFlag = {
  name: 'checkout',
  project: 'web',
  type: 'release',
  description: 'old',
  stale: true,
  impressionData: false,
  archived: false,
  environment: {
    enabled: true,
    variants: [{ name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default' }],
  },
  strategies: [
    {
      id: 's1',
      name: 'default',
      title: null,
      parameters: {},
      constraints: [],
      variants: [],
      disabled: false,
      segmentNames: [],
    },
  ],
  tags: [{ type: 'simple', value: 'old-tag' }],
  dependencies: [{ feature: 'parent-a', enabled: true, variants: [] }],
  links: [{ id: 'l1', url: 'https://docs.example.com', title: null }],
};

const state: ImportState = {
  flags: new Map([['checkout', existing]]),
  parentsInProject: new Set(['parent-a', 'parent-b']),
  contextFields: new Map(),
  segments: new Map(),
  tagTypes: new Set(['simple']),
  strategyTypes: new Map([['flexibleRollout', true]]),
  projectExists: true,
  environmentInProject: true,
};

const file = (parts: Partial<ExportResult> = {}): ExportResult => ({
  features: [{ name: 'checkout', type: 'release', description: 'new', impressionData: false, stale: false }],
  featureStrategies: [
    { name: 'flexibleRollout', featureName: 'checkout', parameters: { rollout: '50' }, constraints: [] },
  ],
  tagTypes: [{ name: 'simple' }],
  featureTags: [{ featureName: 'checkout', tagType: 'simple', tagValue: 'new-tag' }],
  ...parts,
});

describe('import plan for flags the target already has (Unleash 8.2 semantics)', () => {
  it('updates metadata, replaces strategies and tags; the flag is listed as changed', () => {
    const [plan] = planImport(file(), state).flags;
    expect(plan).toMatchObject({
      outcome: 'changed',
      metadata: { description: 'new' },
      stale: false,
      replaceStrategies: {
        deleteIds: ['s1'],
        add: [{ name: 'flexibleRollout', parameters: { rollout: '50' } }],
      },
      tags: {
        added: [{ type: 'simple', value: 'new-tag' }],
        removed: [{ type: 'simple', value: 'old-tag' }],
      },
    });
  });

  it('leaves on/off, variants and links alone where the file says nothing of them', () => {
    const [plan] = planImport(file(), state).flags;
    expect(plan?.enabled).toBeUndefined();
    expect(plan?.variants).toBeUndefined();
    expect(plan?.links).toBeUndefined();
    const [withEmptyVariants] = planImport(
      file({
        featureEnvironments: [{ name: 'checkout', featureName: 'checkout', enabled: false, variants: [] }],
      }),
      state,
    ).flags;
    expect(withEmptyVariants?.enabled).toBe(false);
    expect(withEmptyVariants?.variants).toBeUndefined();
  });

  it('replaces variants the file lists and links of flags the file has links for', () => {
    const red = { name: 'red', weight: 1000, weightType: 'variable' as const, stickiness: 'default' };
    const [plan] = planImport(
      file({
        featureEnvironments: [{ name: 'checkout', featureName: 'checkout', enabled: true, variants: [red] }],
        links: [{ feature: 'checkout', links: [] }],
      }),
      state,
    ).flags;
    expect(plan?.variants).toEqual([red]);
    expect(plan?.links).toEqual({ removeIds: ['l1'], add: [] });
  });

  it('upserts the dependencies the file names and keeps the others', () => {
    const [plan] = planImport(
      file({
        dependencies: [
          {
            feature: 'checkout',
            dependencies: [
              { feature: 'parent-a', enabled: true, variants: [] },
              { feature: 'parent-b', enabled: false },
            ],
          },
        ],
      }),
      state,
    ).flags;
    expect(plan?.dependencies).toEqual({
      remove: [],
      add: [{ feature: 'parent-b', enabled: false, variants: [] }],
    });
  });

  it("accepts strategies with or without sortOrder: by it when given, else in the file's order", () => {
    const strategy = (name: string, sortOrder?: number) => ({
      name,
      featureName: 'checkout',
      parameters: {},
      constraints: [],
      ...(sortOrder === undefined ? {} : { sortOrder }),
    });
    const order = (strategies: ExportResult['featureStrategies']) =>
      planImport(file({ featureStrategies: strategies }), state).flags[0]?.replaceStrategies?.add.map(
        (planned) => [planned.name, planned.sortOrder],
      );
    expect(order([strategy('userWithId'), strategy('default')])).toEqual([
      ['userWithId', 0],
      ['default', 1],
    ]);
    expect(order([strategy('userWithId', 1), strategy('default', 0)])).toEqual([
      ['default', 0],
      ['userWithId', 1],
    ]);
  });
});
