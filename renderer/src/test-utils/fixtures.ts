import { createFakeServer, unleashError } from './fake-server';

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
