import { WELCOME_SPLASH_ID } from '../../server/contract/instance-admin';
import type { AdminApi } from './support';

/**
 * What an operator's console holds after a few weeks, for the layout e2e: two projects, flags with
 * long names and descriptions, strategies with constraints, segments and variants, a release plan,
 * tags, a segment, and the events all of that wrote. Returns the screens below the navigation that
 * show it (a project, a flag page) for the walk.
 */
export const LAYOUT_PROJECT = 'web-shop';
export const LAYOUT_FLAG = 'checkout-redesign-with-a-rather-long-descriptive-name';

const FLAGS = [
  LAYOUT_FLAG,
  'dark-banner',
  'search-v2',
  'payments.provider.stripe-3ds-challenge-flow',
  'recommendations-carousel',
  'legacy-cart',
];

export async function seedLayoutData(api: AdminApi): Promise<{ screens: string[] }> {
  // The welcome panel would top every screen: seen once (the accessibility e2e checks it).
  await api('POST', `/api/admin/splash/${WELCOME_SPLASH_ID}`);
  await api('POST', '/api/admin/projects', {
    id: LAYOUT_PROJECT,
    name: 'Web shop',
    description: 'The storefront, its checkout and everything a shopper sees before paying.',
  });
  await api('POST', '/api/admin/projects', { id: 'mobile-app', name: 'Mobile app' });
  const segment = await api<{ id: number }>('POST', '/api/admin/segments', {
    name: 'beta-testers-in-europe',
    description: 'People who opted in to the beta, in the European Union',
    constraints: [
      { contextName: 'userId', operator: 'IN', values: ['u1', 'u2', 'u3'] },
      { contextName: 'environment', operator: 'IN', values: ['production'] },
    ],
  });
  await api('POST', '/api/admin/tag-types', { name: 'team', description: 'Owning team' });
  for (const [index, name] of FLAGS.entries()) {
    const project = index === 5 ? 'mobile-app' : LAYOUT_PROJECT;
    const base = `/api/admin/projects/${project}/features/${name}`;
    await api('POST', `/api/admin/projects/${project}/features`, {
      name,
      type: index % 3 === 0 ? 'release' : index % 3 === 1 ? 'experiment' : 'operational',
      description: `${name.replace(/[-.]/g, ' ')}: what it changes, who asked for it, and when it goes away.`,
    });
    for (const environment of ['development', 'production']) {
      await api('POST', `${base}/environments/${environment}/strategies`, {
        name: 'flexibleRollout',
        title: environment === 'production' ? 'Careful rollout to the beta testers' : undefined,
        parameters: {
          rollout: environment === 'production' ? '25' : '100',
          stickiness: 'default',
          groupId: name,
        },
        constraints: [
          { contextName: 'userId', operator: 'IN', values: ['alice', 'bob', 'carol', 'dave', 'erin'] },
          { contextName: 'appName', operator: 'STR_CONTAINS', values: ['checkout'], caseInsensitive: true },
        ],
        segments: index < 2 ? [segment.id] : [],
        variants:
          index % 2 === 0
            ? [
                { name: 'blue-button', weight: 500, weightType: 'variable', stickiness: 'default' },
                {
                  name: 'green-button-with-payload',
                  weight: 500,
                  weightType: 'variable',
                  stickiness: 'default',
                  payload: { type: 'json', value: '{"colour":"green","size":"large"}' },
                },
              ]
            : [],
      });
    }
    await api('POST', `${base}/environments/development/strategies`, { name: 'default' });
    if (index % 2 === 0) await api('POST', `${base}/environments/development/on`);
    await api('POST', `/api/admin/features/${name}/tags`, { type: 'team', value: 'checkout-squad' });
  }
  const template = await api<{ id: string }>('POST', '/api/admin/release-plan-templates', {
    name: 'Internal, then half, then everyone',
    description: 'The usual three steps',
    milestones: [
      {
        name: 'Internal',
        sortOrder: 0,
        strategies: [{ name: 'flexibleRollout', parameters: { rollout: '100', stickiness: 'default' } }],
      },
      {
        name: '50%',
        sortOrder: 1,
        strategies: [{ name: 'flexibleRollout', parameters: { rollout: '50', stickiness: 'default' } }],
      },
      { name: 'Everyone', sortOrder: 2 },
    ],
  });
  await api(
    'POST',
    `/api/admin/projects/${LAYOUT_PROJECT}/features/${LAYOUT_FLAG}/environments/production/release-plans`,
    { templateId: template.id },
  );
  return {
    screens: [
      `/projects/${LAYOUT_PROJECT}`,
      `/projects/${LAYOUT_PROJECT}/features/${LAYOUT_FLAG}`,
      `/projects/${LAYOUT_PROJECT}/features/search-v2`,
    ],
  };
}
