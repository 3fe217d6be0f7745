import type { App } from '../../server/src/http/app-type';

type Method = 'POST' | 'PUT';

/**
 * Creates (again: valid deletes and archives of earlier rounds remove them) the rows the
 * generated path parameters name, so requests reach the services and stores. Requests for what
 * already exists answer 409 and are ignored. Returns the values the server chose (strategy and
 * link ids, token secrets) for the fuzzer's path parameters.
 */
export async function seedFuzzData(app: App, adminToken: string): Promise<{ values: string[] }> {
  const values: string[] = [];
  const send = async (method: Method, url: string, body: unknown) => {
    const response = await app.inject({
      method,
      url,
      headers: { authorization: adminToken, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    if (response.statusCode >= 300 || response.body === '') return undefined;
    return response.json() as Record<string, unknown>;
  };
  const flagPath = '/api/admin/projects/default/features';
  await send('POST', '/api/admin/projects', { id: 'fuzz-project', name: 'Fuzz project' });
  await send('POST', '/api/admin/archive/revive/fuzz-flag', {});
  await send('POST', '/api/admin/archive/revive/fuzz-child', {});
  await send('POST', flagPath, { name: 'fuzz-flag', description: 'seeded' });
  await send('POST', flagPath, { name: 'fuzz-child' });
  await send('POST', '/api/admin/projects/fuzz-project/features', { name: 'fuzz-other' });
  const strategy = await send('POST', `${flagPath}/fuzz-flag/environments/development/strategies`, {
    name: 'flexibleRollout',
    constraints: [{ contextName: 'userId', operator: 'IN', values: ['1'] }],
    parameters: { rollout: '50', stickiness: 'default', groupId: 'fuzz-flag' },
  });
  if (typeof strategy?.id === 'string') values.push(strategy.id);
  await send('POST', `${flagPath}/fuzz-child/dependencies`, { feature: 'fuzz-flag' });
  const link = await send('POST', `${flagPath}/fuzz-flag/link`, { url: 'https://example.com', title: 'x' });
  if (typeof link?.id === 'string') values.push(link.id);
  await send('POST', '/api/admin/segments', { name: 'fuzz-segment', constraints: [] });
  await send('POST', '/api/admin/context', { name: 'fuzzField', legalValues: [{ value: 'a' }] });
  await send('POST', '/api/admin/tag-types', { name: 'fuzz-tag' });
  await send('POST', '/api/admin/features/fuzz-flag/tags', { type: 'simple', value: 'fuzz-tag' });
  await send('POST', '/api/admin/user-admin', { email: 'fuzz@example.com', name: 'Fuzz', rootRole: 3 });
  await send('POST', '/api/admin/groups', { name: 'fuzz-group', users: [{ user: { id: 1 } }] });
  await send('POST', '/api/admin/roles', { name: 'fuzz-role', type: 'custom', permissions: [] });
  await send('POST', '/api/admin/service-account', { username: 'fuzz-sa', name: 'Fuzz SA', rootRole: 3 });
  await send('POST', '/api/admin/metrics/applications/fuzz-app', { description: 'seeded' });
  const token = await send('POST', '/api/admin/api-tokens', {
    tokenName: 'fuzz-client',
    type: 'client',
    environment: 'development',
    projects: ['*'],
  });
  if (typeof token?.secret === 'string') values.push(token.secret);
  const invite = await send('POST', '/api/admin/invite-link/tokens', {
    name: 'fuzz-invite',
    expiresAt: '2100-01-01T00:00:00.000Z',
  });
  if (typeof invite?.secret === 'string') values.push(invite.secret);
  return { values };
}
