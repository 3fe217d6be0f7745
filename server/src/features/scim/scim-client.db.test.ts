import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsOfType } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

/**
 * A SCIM client over real HTTP (the app listening on loopback), replaying what Okta and Entra ID
 * send (RFC 7644): look a user up by `userName eq`, create it, replace it, deactivate it with
 * `active: false`, create a group with members, change membership with `add`, `remove` (Entra's
 * `members[value eq "…"]` path too) and `replace`, delete; and the error answers they rely on.
 */

const SCIM_JSON = 'application/scim+json';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const PASSWORD = 'Scim-Passw0rd!';

interface Answer {
  status: number;
  type: string;
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field, as fastify's inject().json() is
  body: any;
}

/** What an identity provider's SCIM connector does: bearer token, SCIM JSON in and out. */
function scimClient(base: string, token: string) {
  return async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const response = await fetch(`${base}/scim/v2${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: SCIM_JSON,
        ...(body === undefined ? {} : { 'content-type': `${SCIM_JSON}; charset=utf-8` }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      type: response.headers.get('content-type') ?? '',
      body: text ? JSON.parse(text) : undefined,
    };
  };
}

let t: TestApp;
let base: string;
let scim: ReturnType<typeof scimClient>;
let token = '';

async function passwordLogin(username: string, password = PASSWORD): Promise<number> {
  const response = await fetch(`${base}/auth/simple/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return response.status;
}

beforeAll(async () => {
  t = await createTestApp({ loginRateLimitPerMinute: 1000 });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  expect((await t.request('POST', '/api/admin/scim-settings', { enabled: true })).statusCode).toBe(200);
  const generated = await t.request('POST', '/api/admin/scim-settings/generate-new-token');
  token = generated.json().token;
  scim = scimClient(base, token);
});
afterAll(() => t.close());

describe('SCIM 2.0 as Okta and Entra ID use it', () => {
  let aliceId = '';
  let bobId = '';
  let groupId = '';

  it('announces what it supports', async () => {
    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.type).toContain(SCIM_JSON);
    expect(config.body).toMatchObject({ patch: { supported: true }, bulk: { supported: false } });
    const types = await scim('GET', '/ResourceTypes');
    expect(types.body.Resources.map((r: { id: string }) => r.id)).toEqual(['User', 'Group']);
    const schemas = await scim('GET', '/Schemas');
    expect(schemas.body.Resources.map((r: { id: string }) => r.id)).toEqual([USER, GROUP]);
  });

  it('finds nobody by userName, then creates the user (Okta: GET ?filter, then POST)', async () => {
    const lookup = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "alice@example.com"')}`,
    );
    expect(lookup.status).toBe(200);
    expect(lookup.body).toMatchObject({ totalResults: 0, Resources: [], startIndex: 1, itemsPerPage: 0 });

    const created = await scim('POST', '/Users', {
      schemas: [USER],
      userName: 'alice@example.com',
      externalId: 'okta-00u1',
      name: { givenName: 'Alice', familyName: 'Liddell' },
      emails: [{ primary: true, value: 'alice@example.com', type: 'work' }],
      active: true,
      password: PASSWORD,
      locale: 'en-GB',
    });
    expect(created.status).toBe(201);
    expect(created.type).toContain(SCIM_JSON);
    expect(created.body).toMatchObject({
      schemas: [USER],
      userName: 'alice@example.com',
      externalId: 'okta-00u1',
      name: { formatted: 'Alice Liddell' },
      emails: [{ value: 'alice@example.com', primary: true }],
      active: true,
      meta: { resourceType: 'User' },
    });
    expect(created.body.password).toBeUndefined();
    aliceId = created.body.id;
    expect(created.body.meta.location).toBe(`${base}/scim/v2/Users/${aliceId}`);

    const found = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "ALICE@example.com"')}`);
    expect(found.body.totalResults).toBe(1);
    expect(found.body.Resources[0].id).toBe(aliceId);
    const byExternal = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent('externalId eq "okta-00u1" and emails.value eq "alice@example.com"')}`,
    );
    expect(byExternal.body.Resources.map((u: { id: string }) => u.id)).toEqual([aliceId]);

    // The admin API shows the user as SCIM-managed, and the event names the SCIM client.
    const admin = (await t.request('GET', '/api/admin/user-admin')).json();
    expect(admin.users.find((u: { username: string }) => u.username === 'alice@example.com').scimId).toBe(
      aliceId,
    );
    expect((await eventsOfType(t, 'user-created'))[0]?.created_by).toBe('scim');
    expect(await passwordLogin('alice@example.com')).toBe(200);
  });

  it('answers 409 uniqueness for a userName taken in any letter case', async () => {
    const duplicate = await scim('POST', '/Users', { schemas: [USER], userName: 'Alice@Example.com' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({
      schemas: [ERROR],
      status: '409',
      scimType: 'uniqueness',
      detail: expect.any(String),
    });
  });

  it('replaces a user with PUT', async () => {
    const replaced = await scim('PUT', `/Users/${aliceId}`, {
      schemas: [USER],
      userName: 'alice@example.com',
      externalId: 'okta-00u1',
      displayName: 'Alice L.',
      emails: [{ value: 'alice.l@example.com', primary: true }],
      active: true,
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({
      displayName: 'Alice L.',
      emails: [{ value: 'alice.l@example.com' }],
    });
  });

  it('deactivates with active:false (Okta) and "False" (Entra): sessions and login stop until reactivated', async () => {
    const sessionLogin = await fetch(`${base}/auth/simple/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'alice@example.com', password: PASSWORD }),
    });
    const cookie = (sessionLogin.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const me = () => fetch(`${base}/api/admin/user`, { headers: { cookie } }).then((r) => r.status);
    expect(await me()).toBe(200);

    const okta = await scim('PATCH', `/Users/${aliceId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(okta.status).toBe(200);
    expect(okta.body.active).toBe(false);
    expect(await me()).toBe(401);
    expect(await passwordLogin('alice@example.com')).toBe(401);

    const back = await scim('PATCH', `/Users/${aliceId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
    });
    expect(back.body.active).toBe(true);
    expect(await passwordLogin('alice@example.com')).toBe(200);

    const entra = await scim('PATCH', `/Users/${aliceId}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Replace', path: 'active', value: 'False' },
        { op: 'Replace', path: 'name.givenName', value: 'Alicia' },
        {
          op: 'Add',
          path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department',
          value: 'R&D',
        },
      ],
    });
    expect(entra.status).toBe(200);
    expect(entra.body).toMatchObject({ active: false, displayName: 'Alicia' });
    expect(await passwordLogin('alice@example.com')).toBe(401);
    await scim('PATCH', `/Users/${aliceId}`, {
      Operations: [{ op: 'replace', path: 'active', value: true }],
    });
  });

  it('creates a group with members and changes membership with add, remove and replace', async () => {
    bobId = (
      await scim('POST', '/Users', { schemas: [USER], userName: 'bob@example.com', externalId: 'entra-b' })
    ).body.id;
    const created = await scim('POST', '/Groups', {
      schemas: [GROUP],
      displayName: 'Flag Owners',
      externalId: 'okta-g1',
      members: [{ value: aliceId, display: 'alice@example.com' }],
    });
    expect(created.status).toBe(201);
    groupId = created.body.id;
    expect(created.body.members.map((m: { value: string }) => m.value)).toEqual([aliceId]);

    const added = await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'add', path: 'members', value: [{ value: bobId }] }],
    });
    expect(added.body.members.map((m: { value: string }) => m.value).sort()).toEqual([aliceId, bobId].sort());

    // Entra ID removes one member through a value filter path.
    const removed = await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Remove', path: `members[value eq "${aliceId}"]` }],
    });
    expect(removed.body.members.map((m: { value: string }) => m.value)).toEqual([bobId]);

    // Okta renames with a path-less replace and sets the whole member list.
    const replaced = await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'replace', value: { id: groupId, displayName: 'Flag Stewards' } },
        { op: 'replace', path: 'members', value: [{ value: aliceId }] },
      ],
    });
    expect(replaced.body).toMatchObject({ displayName: 'Flag Stewards', members: [{ value: aliceId }] });

    const byName = await scim(
      'GET',
      `/Groups?filter=${encodeURIComponent('displayName eq "Flag Stewards"')}`,
    );
    expect(byName.body.Resources.map((g: { id: string }) => g.id)).toEqual([groupId]);
    const alice = await scim('GET', `/Users/${aliceId}`);
    expect(alice.body.groups).toEqual([{ value: groupId, display: 'Flag Stewards' }]);

    // The admin API shows the group read-only: changes there are refused.
    const adminGroups = (await t.request('GET', '/api/admin/groups')).json().groups;
    const adminGroup = adminGroups.find((g: { scimId: string | null }) => g.scimId === groupId);
    expect(adminGroup.name).toBe('Flag Stewards');
    const edit = await t.request('PUT', `/api/admin/groups/${adminGroup.id}`, { name: 'Hijacked' });
    expect(edit.statusCode).toBe(403);
    expect((await eventsOfType(t, 'group-user-removed')).map((e) => e.created_by)).toContain('scim');
  });

  it('pages lists with startIndex and count', async () => {
    const page = await scim('GET', '/Users?startIndex=2&count=1');
    expect(page.body).toMatchObject({ totalResults: 2, startIndex: 2, itemsPerPage: 1 });
    expect(page.body.Resources.map((u: { id: string }) => u.id)).toEqual([bobId]);
  });

  it('deletes a group and a user', async () => {
    expect((await scim('DELETE', `/Groups/${groupId}`)).status).toBe(204);
    expect((await scim('GET', `/Groups/${groupId}`)).status).toBe(404);
    expect((await scim('DELETE', `/Users/${bobId}`)).status).toBe(204);
    const gone = await scim('GET', `/Users/${bobId}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ schemas: [ERROR], status: '404' });
  });

  it('answers errors in the SCIM error schema', async () => {
    const badToken = await scimClient(base, 'scim:wrong')('GET', '/Users');
    expect(badToken.status).toBe(401);
    expect(badToken.body).toMatchObject({ schemas: [ERROR], status: '401' });

    const unknownFilter = await scim('GET', `/Users?filter=${encodeURIComponent('userName co "ali"')}`);
    expect(unknownFilter.status).toBe(400);
    expect(unknownFilter.body).toMatchObject({ status: '400', scimType: 'invalidFilter' });
    const unknownAttribute = await scim('GET', `/Users?filter=${encodeURIComponent('title eq "x"')}`);
    expect(unknownAttribute.body.scimType).toBe('invalidFilter');
    const orFilter = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "a" or userName eq "b"')}`,
    );
    expect(orFilter.body.scimType).toBe('invalidFilter');

    const noUserName = await scim('POST', '/Users', { schemas: [USER] });
    expect(noUserName.status).toBe(400);
    expect(noUserName.body.schemas).toEqual([ERROR]);
    const unknownMember = await scim('POST', '/Groups', { displayName: 'X', members: [{ value: 'nobody' }] });
    expect(unknownMember.body).toMatchObject({ status: '400', scimType: 'invalidValue' });
    const badOp = await scim('PATCH', `/Users/${aliceId}`, { Operations: [{ op: 'move', path: 'active' }] });
    expect(badOp.status).toBe(400);
    const tooMany = await scim('POST', '/Groups', {
      displayName: 'Crowd',
      members: Array.from({ length: 1001 }, (_, i) => ({ value: `u${i}` })),
    });
    expect(tooMany.status).toBe(400);
    const wrongType = await fetch(`${base}/scim/v2/Users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(wrongType.status).toBe(415);
    expect(((await wrongType.json()) as { schemas: string[] }).schemas).toEqual([ERROR]);
  });

  it('looks up one resource type and one schema by id, 404 in SCIM shape for unknown ids', async () => {
    const userType = await scim('GET', '/ResourceTypes/User');
    expect(userType.status).toBe(200);
    expect(userType.body).toMatchObject({ id: 'User', endpoint: '/Users', schema: USER });
    expect(userType.body.meta.location).toBe(`${base}/scim/v2/ResourceTypes/User`);
    const groupSchema = await scim('GET', `/Schemas/${GROUP}`);
    expect(groupSchema.status).toBe(200);
    expect(groupSchema.body.attributes.map((a: { name: string }) => a.name)).toContain('members');
    for (const path of ['/ResourceTypes/Device', `/Schemas/${encodeURIComponent('urn:x:unknown')}`]) {
      const missing = await scim('GET', path);
      expect(missing.status).toBe(404);
      expect(missing.type).toContain(SCIM_JSON);
      expect(missing.body).toMatchObject({ schemas: [ERROR], status: '404' });
    }
  });

  it('narrows answers with attributes and excludedAttributes (RFC 7644 §3.4.2.5)', async () => {
    const created = await scim('POST', '/Users?attributes=userName', {
      schemas: [USER],
      userName: 'projected@example.com',
      name: { givenName: 'Pro', familyName: 'Jected' },
      emails: [{ value: 'projected@example.com', primary: true }],
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(['id', 'schemas', 'userName']);
    const id = created.body.id;

    const onlyEmails = await scim(
      'GET',
      `/Users/${id}?attributes=${encodeURIComponent(`${USER}:emails.value`)}`,
    );
    expect(onlyEmails.body).toEqual({
      schemas: [USER],
      id,
      emails: [{ value: 'projected@example.com' }],
    });
    const withoutGroups = await scim('GET', `/Users/${id}?excludedAttributes=groups,meta,EMAILS.type`);
    expect(withoutGroups.body).not.toHaveProperty('groups');
    expect(withoutGroups.body).not.toHaveProperty('meta');
    expect(withoutGroups.body.emails).toEqual([{ value: 'projected@example.com', primary: true }]);
    expect(withoutGroups.body.userName).toBe('projected@example.com');

    const list = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "projected@example.com"')}&attributes=active`,
    );
    expect(list.body).toMatchObject({ totalResults: 1, startIndex: 1 });
    expect(list.body.Resources).toEqual([{ schemas: [USER], id, active: true }]);
    const groups = await scim('GET', '/Groups?excludedAttributes=members');
    expect(groups.status).toBe(200);
    for (const group of groups.body.Resources) expect(group).not.toHaveProperty('members');

    const both = await scim('GET', `/Users/${id}?attributes=userName&excludedAttributes=active`);
    expect(both.status).toBe(400);
    expect(both.body).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'invalidSyntax' });
    // A malformed list is refused before anything changes.
    const refused = await scim('PATCH', `/Users/${id}?attributes=a.b.c`, {
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect(refused.status).toBe(400);
    expect((await scim('GET', `/Users/${id}`)).body.active).toBe(true);
  });

  it('stops accepting the old token once a new one is generated, and everything once disabled', async () => {
    const fresh = (await t.request('POST', '/api/admin/scim-settings/generate-new-token')).json().token;
    expect((await scim('GET', '/Users')).status).toBe(401);
    const next = scimClient(base, fresh);
    expect((await next('GET', '/Users')).status).toBe(200);
    await t.request('POST', '/api/admin/scim-settings', { enabled: false });
    const disabled = await next('GET', '/Users');
    expect(disabled.status).toBe(403);
    expect(disabled.body.schemas).toEqual([ERROR]);
  });
});
