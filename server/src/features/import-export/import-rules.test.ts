import { describe, expect, it } from 'vitest';
import type { ExportResult } from '../../../contract';
import { type ExistingFlag, type ImportState, planImport } from './import-plan';
import { IMPORT_MESSAGES, type MayFn, validateImportFile } from './import-rules';

const file = (parts: Partial<ExportResult> = {}): ExportResult => ({
  features: [{ name: 'new-flag', type: 'release', description: null, impressionData: false, stale: false }],
  featureStrategies: [],
  featureEnvironments: [],
  contextFields: [],
  featureTags: [],
  segments: [],
  tagTypes: [],
  dependencies: [],
  links: [],
  ...parts,
});

const state = (parts: Partial<ImportState> = {}): ImportState => ({
  flags: new Map(),
  parentsInProject: new Set(),
  contextFields: new Map([['userId', []]]),
  segments: new Map(),
  tagTypes: new Set(['simple']),
  strategyTypes: new Map([
    ['default', true],
    ['flexibleRollout', true],
  ]),
  projectExists: true,
  environmentInProject: true,
  ...parts,
});

const flag = (name: string, project: string, archived = false): ExistingFlag => ({
  name,
  project,
  type: 'release',
  description: null,
  stale: false,
  impressionData: false,
  archived,
  environment: { enabled: false, variants: [] },
  strategies: [],
  tags: [],
  dependencies: [],
  links: [],
});

const everything: MayFn = () => true;

function validate(data: ExportResult, target: ImportState, may: MayFn = everything) {
  return validateImportFile({
    project: 'default',
    environment: 'development',
    file: data,
    state: target,
    plan: planImport(data, target),
    mayCreateSegments: may({ permission: 'CREATE_SEGMENT', environment: false }),
    viaChangeRequest: false,
    may,
  });
}

describe('import validation (Unleash 8.2 answers: tests/fixtures/unleash-export/validate-answers.json)', () => {
  it('a clean file has no errors, warnings or missing permissions', () => {
    expect(validate(file(), state())).toEqual({ errors: [], warnings: [], permissions: [] });
  });

  it('flags of other projects are errors, named with their project', () => {
    const result = validate(file(), state({ flags: new Map([['new-flag', flag('new-flag', 'other')]]) }));
    expect(result.errors).toEqual([
      { message: IMPORT_MESSAGES.otherProjects('default'), affectedItems: ['new-flag (in project other)'] },
    ]);
  });

  it('flags of the target project are overwritten (a warning)', () => {
    const result = validate(file(), state({ flags: new Map([['new-flag', flag('new-flag', 'default')]]) }));
    expect(result.warnings).toEqual([{ message: IMPORT_MESSAGES.existing, affectedItems: ['new-flag'] }]);
  });

  it('archived flags are left alone (a warning, not an error)', () => {
    const result = validate(
      file(),
      state({ flags: new Map([['new-flag', flag('new-flag', 'default', true)]]) }),
    );
    expect(result.errors).toEqual([]);
    expect(result.warnings).toContainEqual({
      message: IMPORT_MESSAGES.archived,
      affectedItems: ['new-flag'],
    });
  });

  it('a segment the target lacks and the file does not define is an error', () => {
    const data = file({
      featureStrategies: [{ name: 'default', featureName: 'new-flag', segments: [4] }],
      segments: [{ id: 4, name: 'beta' }],
    });
    expect(validate(data, state()).errors).toEqual([
      { message: IMPORT_MESSAGES.segments, affectedItems: ['beta'] },
    ]);
  });

  it('a segment the file defines is created when the caller may create segments, else an error', () => {
    const data = file({
      featureStrategies: [{ name: 'default', featureName: 'new-flag', segments: [4] }],
      segments: [
        { id: 4, name: 'beta', constraints: [{ contextName: 'userId', operator: 'IN', values: ['1'] }] },
      ],
    });
    const allowed = validate(data, state());
    expect(allowed.errors).toEqual([]);
    expect(allowed.warnings).toContainEqual({
      message: IMPORT_MESSAGES.createdSegments,
      affectedItems: ['beta'],
    });
    const denied = validate(data, state(), (need) => need.permission !== 'CREATE_SEGMENT');
    expect(denied.errors).toEqual([{ message: IMPORT_MESSAGES.segments, affectedItems: ['beta'] }]);
    expect(denied.permissions).toEqual([
      { message: IMPORT_MESSAGES.permissions, affectedItems: ['CREATE_SEGMENT'] },
    ]);
  });

  it('custom strategy types must exist; existing ones are a warning', () => {
    const data = file({ featureStrategies: [{ name: 'my-custom', featureName: 'new-flag' }] });
    expect(validate(data, state()).errors).toEqual([
      { message: IMPORT_MESSAGES.customStrategies, affectedItems: ['my-custom'] },
    ]);
    const known = state({ strategyTypes: new Map([['my-custom', false]]) });
    expect(validate(data, known).warnings).toEqual([
      { message: IMPORT_MESSAGES.usedCustomStrategies, affectedItems: ['my-custom'] },
    ]);
  });

  it('a context field whose imported legal values the target lacks is an error', () => {
    const data = file({
      contextFields: [{ name: 'region', legalValues: [{ value: 'eu' }, { value: 'apac' }] }],
    });
    const target = state({ contextFields: new Map([['region', [{ value: 'eu' }, { value: 'us' }]]]) });
    expect(validate(data, target).errors).toEqual([
      { message: IMPORT_MESSAGES.legalValues, affectedItems: ['region'] },
    ]);
  });

  it('constraint values outside the field legal values are an error', () => {
    const data = file({
      featureStrategies: [
        {
          name: 'default',
          featureName: 'new-flag',
          constraints: [{ contextName: 'region', operator: 'IN', values: ['eu', 'mars'] }],
        },
      ],
    });
    const target = state({ contextFields: new Map([['region', [{ value: 'eu' }]]]) });
    expect(validate(data, target).errors).toEqual([
      { message: IMPORT_MESSAGES.illegalConstraintValues, affectedItems: ['region: mars'] },
    ]);
  });

  it('unknown context fields are created when the caller may, else errors with the missing permission', () => {
    const data = file({
      featureStrategies: [
        {
          name: 'default',
          featureName: 'new-flag',
          constraints: [{ contextName: 'tenant', operator: 'IN', values: ['a'] }],
        },
      ],
    });
    expect(validate(data, state()).warnings).toEqual([
      { message: IMPORT_MESSAGES.createdContextFields, affectedItems: ['tenant'] },
    ]);
    const denied = validate(data, state(), (need) => need.permission !== 'CREATE_CONTEXT_FIELD');
    expect(denied.errors).toEqual([
      { message: IMPORT_MESSAGES.missingContextFields, affectedItems: ['tenant'] },
    ]);
    expect(denied.permissions?.[0]?.affectedItems).toEqual(['CREATE_CONTEXT_FIELD']);
  });

  it('dependency parents must be in the file or the target project', () => {
    const data = file({ dependencies: [{ feature: 'new-flag', dependencies: [{ feature: 'parent' }] }] });
    expect(validate(data, state()).errors).toEqual([
      { message: IMPORT_MESSAGES.dependencies, affectedItems: ['parent'] },
    ]);
    expect(validate(data, state({ parentsInProject: new Set(['parent']) })).errors).toEqual([]);
  });

  it('duplicate flag names are an error', () => {
    const data = file();
    data.features.push({ ...data.features[0]!, type: 'release' });
    expect(validate(data, state()).errors).toEqual([
      { message: IMPORT_MESSAGES.duplicates, affectedItems: ['new-flag'] },
    ]);
  });

  it('a missing project or environment is an error', () => {
    expect(validate(file(), state({ projectExists: false })).errors[0]?.affectedItems).toEqual(['default']);
    expect(validate(file(), state({ environmentInProject: false })).errors[0]?.affectedItems).toEqual([
      'development',
    ]);
  });

  it('lists every permission the caller lacks, environment ones in the target environment', () => {
    const data = file({
      featureStrategies: [{ name: 'default', featureName: 'new-flag' }],
      featureEnvironments: [{ featureName: 'new-flag', enabled: true, variants: [] }],
      featureTags: [{ featureName: 'new-flag', tagType: 'team', tagValue: 'core' }],
      tagTypes: [{ name: 'team' }],
    });
    const asked: string[] = [];
    const result = validate(data, state(), (need) => {
      asked.push(`${need.permission}:${need.environment}`);
      return false;
    });
    expect(result.permissions?.[0]?.affectedItems).toEqual([
      'CREATE_TAG_TYPE',
      'CREATE_FEATURE',
      'UPDATE_FEATURE_ENVIRONMENT',
      'CREATE_FEATURE_STRATEGY',
    ]);
    expect(asked).toContain('UPDATE_FEATURE_ENVIRONMENT:true');
  });
});
