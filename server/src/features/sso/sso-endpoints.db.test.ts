import { afterAll, describe, expect, it } from 'vitest';
import { as, createUser, login } from '../../../../tests/helpers/identity';
import { createTestApp } from '../../../../tests/helpers/test-app';

const PUBLIC_URL = 'https://flags.example.com/switchyard';

/** Issue 33 §3: the addresses an admin gives the identity provider, built from the public URL. */
describe('GET /api/admin/auth/sso/endpoints', async () => {
  const t = await createTestApp({ publicUrl: PUBLIC_URL });
  afterAll(() => t.close());

  it('names the real callback, ACS, entity id, logout and metadata addresses', async () => {
    const response = await t.request('GET', '/api/admin/auth/sso/endpoints');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      oidcRedirectUrl: `${PUBLIC_URL}/auth/oidc/callback`,
      signedOutUrl: `${PUBLIC_URL}/signed-out`,
      samlEntityId: PUBLIC_URL,
      samlAcsUrl: `${PUBLIC_URL}/auth/saml/callback`,
      samlLogoutUrl: `${PUBLIC_URL}/auth/saml/logout`,
      samlMetadataUrl: `${PUBLIC_URL}/auth/saml/metadata`,
    });
  });

  it('agrees with the SAML metadata the server publishes', async () => {
    const endpoints = (await t.request('GET', '/api/admin/auth/sso/endpoints')).json();
    const metadata = await t.request('GET', '/auth/saml/metadata');
    expect(metadata.statusCode).toBe(200);
    expect(metadata.body).toContain(`entityID="${endpoints.samlEntityId}"`);
    expect(metadata.body).toContain(`Location="${endpoints.samlAcsUrl}"`);
  });

  it('is for admins only', async () => {
    await createUser(t, { username: 'viewer', rootRole: 'Viewer' });
    const cookie = await login(t, 'viewer');
    const response = await as(t, { cookie })('GET', '/api/admin/auth/sso/endpoints');
    expect(response.statusCode).toBe(403);
  });
});
