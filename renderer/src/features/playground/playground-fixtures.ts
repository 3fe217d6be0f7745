import type { AdvancedPlaygroundResponse, PlaygroundStrategy } from '../../../../server/contract';

const strategy: PlaygroundStrategy = {
  name: 'flexibleRollout',
  title: 'Beta users',
  id: 's1',
  disabled: false,
  parameters: { rollout: '100' },
  links: {
    edit: '/projects/default/features/checkout/strategies/edit?environmentId=development&strategyId=s1',
  },
  constraints: [{ contextName: 'userId', operator: 'IN', values: ['1'], result: true }],
  segments: [
    {
      id: 3,
      name: 'eu-users',
      result: false,
      constraints: [{ contextName: 'region', operator: 'IN', values: ['eu'], result: false }],
    },
  ],
  result: { evaluationStatus: 'complete', enabled: false, variant: null, variants: [] },
};

/** An advanced playground answer: one flag, one environment, two contexts (userId 1 and 2). */
export function playgroundAnswer(): AdvancedPlaygroundResponse {
  const base = {
    name: 'checkout',
    projectId: 'default',
    environment: 'development',
    isEnabledInCurrentEnvironment: true,
    hasUnsatisfiedDependency: false,
    variants: [],
  };
  return {
    input: { environments: ['development'], projects: '*', context: { appName: 'playground' } },
    features: [
      {
        name: 'checkout',
        projectId: 'default',
        environments: {
          development: [
            {
              ...base,
              context: { appName: 'playground', userId: '1' },
              isEnabled: false,
              variant: { name: 'disabled', enabled: false },
              strategies: { result: false, data: [strategy] },
            },
            {
              ...base,
              context: { appName: 'playground', userId: '2' },
              isEnabled: true,
              variant: { name: 'blue', enabled: true },
              strategies: {
                result: true,
                data: [{ ...strategy, result: { evaluationStatus: 'complete', enabled: true } }],
              },
            },
          ],
        },
      },
    ],
  };
}
