import { describe, expect, it } from 'vitest';
import {
  type CurrentFlag,
  desiredFlag,
  documentProblems,
  planChanges,
  toDocument,
} from './flags-as-code-rules';
import { changeRequestChanges, environmentSteps, metadataSteps, strategySteps } from './flags-as-code-steps';

// The pure plan of flags as code (issue 36 §2): defaults filled as the server fills them,
// strategies compared as ordered lists by content (ids ignored, segments by name).
const server = (overrides: Partial<CurrentFlag> = {}): CurrentFlag => ({
  name: 'checkout',
  type: 'release',
  description: null,
  impressionData: false,
  tags: ['simple:shop'],
  project: 'default',
  archived: false,
  strategyIds: { production: ['s-1'] },
  dependencies: [],
  environments: {
    production: {
      enabled: true,
      variants: [],
      strategies: [
        {
          name: 'flexibleRollout',
          title: null,
          parameters: { rollout: '25', stickiness: 'default', groupId: 'checkout' },
          constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'] }],
          segments: ['beta'],
          variants: [],
          disabled: false,
        },
      ],
    },
  },
  ...overrides,
});

describe('flags-as-code plan', () => {
  it('finds no change when the document says what the server holds, defaults and all', () => {
    const desired = desiredFlag(
      {
        name: 'checkout',
        tags: ['simple:shop', 'simple:shop'],
        environments: {
          production: {
            enabled: true,
            strategies: [
              {
                name: 'flexibleRollout',
                parameters: { rollout: 25 },
                constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'], inverted: false }],
                segments: ['beta'],
              },
            ],
          },
        },
      },
      'default',
    );
    expect(planChanges([desired], [server()])).toEqual([]);
    // The export reads back as the same desired state.
    const exported = toDocument('default', [server()]).flags[0]!;
    expect(planChanges([desiredFlag(exported, 'default')], [server()])).toEqual([]);
  });

  it('lists creates, changed fields and archives', () => {
    const fresh = desiredFlag({ name: 'search', description: 'New search' }, 'default');
    const changed = desiredFlag(
      {
        name: 'checkout',
        tags: ['simple:shop'],
        environments: { production: { enabled: false, strategies: [{ name: 'default' }] } },
      },
      'default',
    );
    const stale = server({ name: 'old', environments: {}, strategyIds: {} });
    expect(planChanges([fresh, changed], [server(), stale])).toEqual([
      {
        flag: 'search',
        action: 'create',
        fields: [
          { path: 'type', from: null, to: 'release' },
          { path: 'description', from: null, to: 'New search' },
        ],
      },
      {
        flag: 'checkout',
        action: 'change',
        fields: [
          { path: 'environments.production.enabled', from: true, to: false },
          {
            path: 'environments.production.strategies',
            from: server().environments.production!.strategies,
            to: [expect.objectContaining({ name: 'default', parameters: {} })],
          },
        ],
      },
      { flag: 'old', action: 'archive', fields: [{ path: 'archived', from: false, to: true }] },
    ]);
  });

  it('compares strategies in order, revives archived flags, and leaves unnamed environments alone', () => {
    const two = server({
      environments: {
        production: {
          enabled: true,
          variants: [],
          strategies: [
            { ...server().environments.production!.strategies[0]! },
            {
              name: 'default',
              title: null,
              parameters: {},
              constraints: [],
              segments: [],
              variants: [],
              disabled: false,
            },
          ],
        },
        development: { enabled: false, strategies: [], variants: [] },
      },
    });
    const exported = toDocument('default', [two]).flags[0]!;
    const reversed = { ...exported, environments: { production: { ...exported.environments!.production! } } };
    reversed.environments.production.strategies = [
      ...(exported.environments!.production!.strategies ?? []),
    ].reverse();
    const [change] = planChanges([desiredFlag(reversed, 'default')], [{ ...two, archived: true }]);
    expect(change!.fields.map((field) => field.path)).toEqual([
      'archived',
      'environments.production.strategies',
    ]);
  });

  it('builds the operations: tags, dependencies, strategies replaced, then on/off', () => {
    const desired = desiredFlag(
      {
        name: 'checkout',
        description: 'Shop',
        tags: ['simple:new'],
        dependencies: [{ feature: 'parent' }],
        environments: {
          production: { enabled: false, strategies: [{ name: 'default', segments: ['beta'] }] },
        },
      },
      'default',
    );
    const current = server();
    expect(metadataSteps('default', desired, current).map((step) => step.kind)).toEqual([
      'update-feature',
      'update-feature-tags',
      'add-dependency',
    ]);
    expect(strategySteps('default', desired, current, new Map([['beta', 4]]))).toEqual([
      expect.objectContaining({ kind: 'delete-strategy', strategyId: 's-1' }),
      expect.objectContaining({ kind: 'add-strategy', strategy: expect.objectContaining({ segments: [4] }) }),
    ]);
    expect(environmentSteps('default', desired, current)).toEqual([
      expect.objectContaining({ kind: 'set-feature-environment-enabled', enabled: false }),
    ]);
  });

  it('reports flags listed twice and self-dependencies with their paths', () => {
    expect(
      documentProblems({
        project: 'default',
        flags: [{ name: 'a' }, { name: 'a', dependencies: [{ feature: 'a' }] }],
      }),
    ).toEqual([
      { path: '/flags/1/name', message: 'Flag "a" is listed twice.' },
      { path: '/flags/1/dependencies/0/feature', message: 'Flag "a" cannot depend on itself.' },
    ]);
  });
});

describe('flags-as-code change requests', () => {
  it('turns the changes of a governed environment into the change-request actions of the console', () => {
    const desired = desiredFlag(
      {
        name: 'checkout',
        environments: { production: { enabled: true, strategies: [{ name: 'default' }] } },
      },
      'default',
    );
    expect(changeRequestChanges('default', desired, server(), 'production', new Map())).toEqual([
      { feature: 'checkout', action: 'deleteStrategy', payload: { id: 's-1' } },
      {
        feature: 'checkout',
        action: 'addStrategy',
        payload: expect.objectContaining({ name: 'default', sortOrder: 0, segments: [] }),
      },
      // Removing the last strategy turns the environment off: the request states on/off again.
      { feature: 'checkout', action: 'updateEnabled', payload: { enabled: true } },
    ]);
    expect(
      changeRequestChanges(
        'default',
        desiredFlag(toDocument('default', [server()]).flags[0]!, 'default'),
        server(),
        'production',
        new Map(),
      ),
    ).toEqual([]);
  });
});
