import { describe, expect, it } from 'vitest';
import { describeProblems, parseFlagsYaml } from '../../../../bin/flags-yaml.mjs';

// The flags-as-code file checked before anything is sent (issue 36 §2): every problem with the
// file's line and column, following schemas/flags-as-code.schema.json.
describe('flags-as-code YAML validation', () => {
  it('accepts a document and answers it as JSON', () => {
    const parsed = parseFlagsYaml(
      [
        'project: default',
        'flags:',
        '  - name: new-checkout',
        '    tags: ["simple:checkout"]',
        '    environments:',
        '      production:',
        '        enabled: true',
        '        strategies:',
        '          - name: flexibleRollout',
        '            parameters: { rollout: 25 }',
        '            segments: [beta-users]',
      ].join('\n'),
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.document).toMatchObject({
      project: 'default',
      flags: [{ name: 'new-checkout', environments: { production: { enabled: true } } }],
    });
  });

  it('refuses unknown fields and invalid values with line:column', () => {
    const { document, problems } = parseFlagsYaml(
      [
        'project: default',
        'flags:',
        '  - name: a',
        '    colour: red',
        '    environments:',
        '      production:',
        '        enabled: yes',
        '        strategies:',
        '          - name: default',
        '            constraints:',
        '              - contextName: userId',
        '                operator: NOPE',
        '    tags: [untyped]',
      ].join('\n'),
    );
    expect(document).toBeUndefined();
    expect(describeProblems('flags.yaml', problems).split('\n')).toEqual([
      'flags.yaml:4:5: flags[0].colour: unknown field "colour"',
      'flags.yaml:7:18: flags[0].environments.production.enabled: must be boolean, not string',
      expect.stringMatching(
        /^flags\.yaml:12:27: flags\[0\]\.environments\.production\.strategies\[0\]\.constraints\[0\]\.operator: must be one of NOT_IN, IN/,
      ),
      'flags.yaml:13:12: flags[0].tags[0]: must match ^[^:]+:.+$',
    ]);
  });

  it('refuses missing fields at their parent, and malformed YAML at the fault', () => {
    expect(parseFlagsYaml('project: default\nflags:\n  - type: release\n').problems).toEqual([
      { line: 3, col: 5, path: 'flags[0]', message: 'needs "name"' },
    ]);
    expect(parseFlagsYaml('flags: []\n').problems).toEqual([
      { line: 1, col: 1, path: '', message: 'needs "project"' },
    ]);
    const broken = parseFlagsYaml('project: default\nproject: other\nflags: []\n');
    expect(broken.problems).toEqual([{ line: 2, col: 1, path: '', message: 'Map keys must be unique' }]);
  });
});

describe('schemas/flags-as-code.schema.json', () => {
  it('has the fields of the contract the server checks, object by object', async () => {
    const { readFile } = await import('node:fs/promises');
    const contract = await import('../../../contract');
    const file = JSON.parse(
      await readFile(new URL('../../../../schemas/flags-as-code.schema.json', import.meta.url), 'utf8'),
    );
    const keys = (schema: { properties?: object }) => Object.keys(schema.properties ?? {}).sort();
    expect(keys(file)).toEqual(keys(contract.FlagsAsCodeDocumentSchema));
    expect(keys(file.$defs.flag)).toEqual(keys(contract.CodeFlagSchema));
    expect(keys(file.$defs.environment)).toEqual(keys(contract.CodeEnvironmentSchema));
    expect(keys(file.$defs.strategy)).toEqual(keys(contract.CodeStrategySchema));
    expect(keys(file.$defs.dependency)).toEqual(keys(contract.CodeDependencySchema));
    expect(keys(file.$defs.constraint)).toEqual(keys(contract.ConstraintSchema));
    expect(file.$defs.constraint.properties.operator.enum).toEqual([...contract.CONSTRAINT_OPERATORS]);
  });
});
