// The admin playground and the cross-cutting answers: authentication, unknown paths, health.
import type { CompatArea, CompatCase } from '../types';

const PG = '/api/admin/playground';

function play(id: string, body: unknown, extra: Partial<CompatCase> = {}): CompatCase {
  return { id, method: 'POST', path: PG, body, ...extra };
}

export const playground: CompatArea = {
  area: 'playground',
  cases: [
    play(
      'evaluate',
      {
        environment: 'development',
        projects: '*',
        context: { appName: 'web', userId: 'u1', '{p}-region': 'eu', '{p}-age': '30' },
      },
      { scope: ['features'], unordered: true },
    ),
    play(
      'evaluate-projects-list',
      { environment: 'development', projects: ['default'], context: { appName: 'web', userId: 'u9' } },
      { scope: ['features'], unordered: true },
    ),
    play('missing-context', { environment: 'development', projects: '*' }),
    play('missing-app-name', { environment: 'development', projects: '*', context: { userId: 'u1' } }),
    play('missing-environment', { projects: '*', context: { appName: 'web' } }),
    play('context-not-object', { environment: 'development', projects: '*', context: 'web' }),
    play('projects-wrong-type', { environment: 'development', projects: 5, context: { appName: 'web' } }),
    play(
      'unknown-environment',
      { environment: 'no-such-env', projects: '*', context: { appName: 'web' } },
      { scope: ['features'], unordered: true },
    ),
    play('unknown-project', {
      environment: 'development',
      projects: ['{p}-noproj'],
      context: { appName: 'web' },
    }),
    { id: 'malformed', method: 'POST', path: PG, raw: '{"environment":' },
    { id: 'text-plain', method: 'POST', path: PG, raw: 'x', contentType: 'text/plain' },
    play(
      'no-token',
      { environment: 'development', projects: '*', context: { appName: 'web' } },
      { token: 'none' },
    ),
    play(
      'client-token',
      { environment: 'development', projects: '*', context: { appName: 'web' } },
      { token: 'client' },
    ),
    {
      id: 'advanced',
      method: 'POST',
      path: `${PG}/advanced`,
      body: { environments: ['development'], projects: '*', context: { appName: 'web', userId: 'u1,u2' } },
      scope: ['features'],
      unordered: true,
    },
    {
      id: 'advanced-missing-environments',
      method: 'POST',
      path: `${PG}/advanced`,
      body: { projects: '*', context: { appName: 'web' } },
    },
  ],
};

export const auth: CompatArea = {
  area: 'auth',
  cases: [
    { id: 'admin-no-token', method: 'GET', path: '/api/admin/segments', token: 'none' },
    { id: 'admin-wrong-token', method: 'GET', path: '/api/admin/segments', token: 'bad' },
    { id: 'admin-client-token', method: 'GET', path: '/api/admin/segments', token: 'client' },
    { id: 'admin-frontend-token', method: 'GET', path: '/api/admin/segments', token: 'frontend' },
    { id: 'unknown-admin-path', method: 'GET', path: '/api/admin/{p}-nothing-here' },
    { id: 'unknown-api-path', method: 'GET', path: '/api/{p}-nothing' },
    { id: 'health', method: 'GET', path: '/health', token: 'none' },
    { id: 'ui-config', method: 'GET', path: '/api/admin/ui-config', compare: 'status' },
    {
      id: 'password-short',
      method: 'POST',
      path: '/auth/reset/validate-password',
      token: 'none',
      body: { password: 'short' },
    },
    {
      id: 'password-strong',
      method: 'POST',
      path: '/auth/reset/validate-password',
      token: 'none',
      body: { password: 'Correct-Horse-Battery-9' },
    },
    { id: 'user-search-one-char', method: 'GET', path: '/api/admin/user-admin/search?q=a' },
    { id: 'banners', method: 'GET', path: '/api/admin/banners', compare: 'status' },
  ],
};
