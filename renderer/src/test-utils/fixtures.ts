import type { Feature, FeatureEnvironment } from '../api/flag-api';
import { createFakeServer, unleashError } from './fake-server';

/**
 * Flag `checkout` of project `default` as the flag page reads it: on in development, off in
 * production, no strategies; `production` adds to its production environment.
 */
export function checkoutFlag(
  overrides: Partial<Feature> = {},
  production: Partial<FeatureEnvironment> = {},
): Feature {
  return {
    name: 'checkout',
    type: 'release',
    description: null,
    project: 'default',
    stale: false,
    impressionData: false,
    archived: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    environments: [
      {
        name: 'development',
        type: 'development',
        enabled: true,
        sortOrder: 1,
        lastSeenAt: null,
        strategies: [],
      },
      {
        name: 'production',
        type: 'production',
        enabled: false,
        sortOrder: 2,
        lastSeenAt: null,
        strategies: [],
        ...production,
      },
    ],
    dependencies: [],
    children: [],
    ...overrides,
  };
}

/** Two feature types whose lifetime PUT changes them, refusing more than 1000 days as a schema would. */
export function featureTypeServer() {
  const types = [
    {
      id: 'release',
      name: 'Release',
      description: 'Release feature flags are used to release new features.',
      lifetimeDays: 40,
    },
    {
      id: 'kill-switch',
      name: 'Kill switch',
      description: 'Kill switch feature flags are used to quickly turn on or off critical functionality.',
      lifetimeDays: null as number | null,
    },
  ];
  const server = createFakeServer().on('GET', '/api/admin/feature-types', () => ({
    body: { version: 1, types },
  }));
  for (const type of types) {
    server.on('PUT', `/api/admin/feature-types/${type.id}/lifetime`, (request) => {
      const { lifetimeDays } = request.body as { lifetimeDays: number | null };
      if (lifetimeDays !== null && lifetimeDays > 1000) {
        return unleashError(400, 'BadDataError', 'Request validation failed', [
          { path: '/body/lifetimeDays', message: 'The /body/lifetimeDays property must be <= 1000' },
        ]);
      }
      type.lifetimeDays = lifetimeDays;
      return { body: type };
    });
  }
  return { server, types };
}
