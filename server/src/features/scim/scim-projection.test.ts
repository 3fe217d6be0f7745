import { describe, expect, it } from 'vitest';
import { projectScimAnswer, projectScimResource, scimProjectionOf } from './scim-projection';

const USER_URN = 'urn:ietf:params:scim:schemas:core:2.0:User';
const user = {
  schemas: [USER_URN],
  id: 'u1',
  userName: 'ann@example.com',
  name: { formatted: 'Ann Example' },
  emails: [{ value: 'ann@example.com', primary: true, type: 'work' }],
  active: true,
  meta: { resourceType: 'User', location: 'http://x/Users/u1' },
};

describe('SCIM attribute projection', () => {
  it('keeps schemas and id always, and only the named attributes and sub-attributes', () => {
    const projection = scimProjectionOf({ attributes: `${USER_URN}:USERNAME, emails.value` });
    expect(projection && projectScimResource(user, projection)).toEqual({
      schemas: [USER_URN],
      id: 'u1',
      userName: 'ann@example.com',
      emails: [{ value: 'ann@example.com' }],
    });
  });

  it('drops excluded attributes and sub-attributes, never id or schemas', () => {
    const projection = scimProjectionOf({ excludedAttributes: 'meta,id,schemas,name.formatted' });
    expect(projection && projectScimResource(user, projection)).toEqual({
      schemas: [USER_URN],
      id: 'u1',
      userName: 'ann@example.com',
      name: {},
      emails: user.emails,
      active: true,
    });
  });

  it('narrows each resource of a list response and leaves paging fields', () => {
    const projection = scimProjectionOf({ attributes: 'active' });
    const list = { schemas: ['list'], totalResults: 1, Resources: [user] };
    expect(projection && projectScimAnswer(list, projection)).toEqual({
      schemas: ['list'],
      totalResults: 1,
      Resources: [{ schemas: [USER_URN], id: 'u1', active: true }],
    });
  });

  it('is absent when neither parameter names anything', () => {
    expect(scimProjectionOf({})).toBeUndefined();
    expect(scimProjectionOf({ attributes: ' , ' })).toBeUndefined();
    expect(scimProjectionOf(undefined)).toBeUndefined();
  });

  it('refuses both parameters together, malformed names and overlong lists', () => {
    for (const query of [
      { attributes: 'userName', excludedAttributes: 'active' },
      { attributes: 'name.givenName.x' },
      { attributes: '1abc' },
      { excludedAttributes: 'x'.repeat(1001) },
      { attributes: Array.from({ length: 51 }, (_, i) => `a${i}`).join(',') },
      { attributes: { nested: true } },
    ]) {
      expect(() => scimProjectionOf(query)).toThrow(
        expect.objectContaining({ status: 400, scimType: 'invalidSyntax' }),
      );
    }
  });
});
