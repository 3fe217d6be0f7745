import { describe, expect, it } from 'vitest';
import { ScimProblem } from './scim-error';
import { applyGroupPatch, applyUserPatch, type ScimUserDraft } from './scim-patch';

const alice: ScimUserDraft = {
  userName: 'alice',
  externalId: null,
  name: 'Alice Liddell',
  email: 'alice@example.com',
  active: true,
};

const problemOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ScimProblem) return `${error.status} ${error.scimType}`;
    throw error;
  }
  return 'no error';
};

describe('applyUserPatch', () => {
  it('deactivates as Okta (path-less value) and Entra ID (capitalised op, string boolean) do', () => {
    expect(applyUserPatch(alice, [{ op: 'replace', value: { active: false } }]).active).toBe(false);
    expect(applyUserPatch(alice, [{ op: 'Replace', path: 'active', value: 'False' }]).active).toBe(false);
    expect(
      applyUserPatch({ ...alice, active: false }, [{ op: 'Add', path: 'active', value: 'True' }]).active,
    ).toBe(true);
  });

  it('changes names, e-mails and externalId, and ignores attributes it does not keep', () => {
    const next = applyUserPatch(alice, [
      { op: 'replace', path: 'name.givenName', value: 'Alicia' },
      { op: 'replace', path: 'name.familyName', value: 'Smith' },
      { op: 'replace', path: 'emails[type eq "work"].value', value: 'alicia@example.com' },
      { op: 'add', path: 'externalId', value: 'ext-1' },
      {
        op: 'add',
        path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department',
        value: 'R&D',
      },
      { op: 'replace', value: { 'name.formatted': 'A. Smith', title: 'CTO' } },
    ]);
    expect(next).toEqual({
      userName: 'alice',
      externalId: 'ext-1',
      name: 'Alicia Smith',
      email: 'alicia@example.com',
      active: true,
    });
    expect(applyUserPatch(next, [{ op: 'remove', path: 'externalId' }]).externalId).toBeNull();
  });

  it('refuses unknown operations, removing userName, and non-boolean active', () => {
    expect(problemOf(() => applyUserPatch(alice, [{ op: 'move', path: 'active' }]))).toBe(
      '400 invalidSyntax',
    );
    expect(problemOf(() => applyUserPatch(alice, [{ op: 'remove', path: 'userName' }]))).toBe(
      '400 mutability',
    );
    expect(problemOf(() => applyUserPatch(alice, [{ op: 'replace', path: 'active', value: 'maybe' }]))).toBe(
      '400 invalidValue',
    );
    expect(problemOf(() => applyUserPatch(alice, [{ op: 'remove' }]))).toBe('400 noTarget');
  });
});

describe('applyGroupPatch', () => {
  const group = { displayName: 'Owners', externalId: null, members: ['a', 'b'] };

  it('adds, removes (by list, by value filter, all) and replaces members', () => {
    expect(
      applyGroupPatch(group, [{ op: 'add', path: 'members', value: [{ value: 'c' }, { value: 'a' }] }])
        .members,
    ).toEqual(['a', 'b', 'c']);
    expect(applyGroupPatch(group, [{ op: 'Remove', path: 'members[value eq "a"]' }]).members).toEqual(['b']);
    expect(
      applyGroupPatch(group, [{ op: 'remove', path: 'members', value: [{ value: 'b' }] }]).members,
    ).toEqual(['a']);
    expect(applyGroupPatch(group, [{ op: 'remove', path: 'members' }]).members).toEqual([]);
    expect(
      applyGroupPatch(group, [{ op: 'replace', path: 'members', value: [{ value: 'z' }] }]).members,
    ).toEqual(['z']);
    expect(applyGroupPatch(group, [{ op: 'add', value: { members: [{ value: 'd' }] } }]).members).toEqual([
      'a',
      'b',
      'd',
    ]);
  });

  it('renames with a path or a path-less value, and refuses unknown paths', () => {
    expect(
      applyGroupPatch(group, [{ op: 'replace', value: { id: 'g', displayName: 'Stewards' } }]).displayName,
    ).toBe('Stewards');
    expect(applyGroupPatch(group, [{ op: 'Replace', path: 'displayName', value: 'X' }]).displayName).toBe(
      'X',
    );
    expect(problemOf(() => applyGroupPatch(group, [{ op: 'replace', path: 'owner', value: 'x' }]))).toBe(
      '400 invalidPath',
    );
    expect(problemOf(() => applyGroupPatch(group, [{ op: 'add', path: 'members', value: 'a' }]))).toBe(
      '400 invalidValue',
    );
  });
});
