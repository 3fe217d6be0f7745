import { SCIM_MAX_MEMBERS, type ScimPatch } from '../../../contract';
import { invalidValue, ScimProblem } from './scim-error';

/** A user as the SCIM API can change it (what the users table keeps of a SCIM user). */
export interface ScimUserDraft {
  userName: string;
  externalId: string | null;
  name: string | null;
  email: string | null;
  active: boolean;
  /** Set only when the client sent one (Okta's password sync); never read back. */
  password?: string;
}

export interface ScimGroupDraft {
  displayName: string;
  externalId: string | null;
  /** SCIM ids of the member users. */
  members: string[];
}

type Operation = ScimPatch['Operations'][number];
type OpName = 'add' | 'replace' | 'remove';

const MAX_TEXT = 320;

/** Entra ID writes op names capitalised ("Replace"); RFC 7644 §3.5.2 names them in lower case. */
function opName(operation: Operation): OpName {
  const name = operation.op.toLowerCase();
  if (name === 'add' || name === 'replace' || name === 'remove') return name;
  throw new ScimProblem(400, `Unknown PATCH operation ${JSON.stringify(operation.op)}`, 'invalidSyntax');
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function text(value: unknown, attribute: string, options: { nullable?: boolean } = {}): string | null {
  if (value === null && options.nullable) return null;
  if (typeof value !== 'string' || value.length > MAX_TEXT) {
    throw invalidValue(`${attribute} must be a string of at most ${MAX_TEXT} characters`);
  }
  const trimmed = value.trim();
  if (trimmed === '' && !options.nullable) throw invalidValue(`${attribute} must not be empty`);
  return trimmed === '' ? null : trimmed;
}

/** Entra ID sends `active` as the strings "True" and "False". */
export function scimBoolean(value: unknown, attribute: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw invalidValue(`${attribute} must be a boolean`);
}

/** The primary e-mail of a SCIM `emails` list, else its first. */
export function primaryEmail(emails: unknown): string | null {
  if (!Array.isArray(emails)) throw invalidValue('emails must be a list');
  const entries = emails.filter(isRecord);
  const chosen = entries.find((entry) => entry.primary === true || entry.primary === 'True') ?? entries[0];
  return chosen ? text(chosen.value, 'emails.value', { nullable: true }) : null;
}

/** `name` from SCIM's complex name: formatted, else given and family name. */
export function nameOf(name: unknown): string | null {
  if (!isRecord(name)) throw invalidValue('name must be an object');
  if (name.formatted !== undefined && name.formatted !== null) {
    return text(name.formatted, 'name.formatted', { nullable: true });
  }
  const parts = [name.givenName, name.familyName]
    .map((part, index) =>
      part === undefined || part === null
        ? null
        : text(part, index === 0 ? 'name.givenName' : 'name.familyName', { nullable: true }),
    )
    .filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' ') : null;
}

/** Attribute path without a schema URN prefix, lower-cased (SCIM attribute names ignore case). */
function attributeOf(path: string): string {
  const lowered = path.trim().toLowerCase();
  if (!lowered.startsWith('urn:')) return lowered;
  // `urn:…:User:name.givenName` → `name.givenname`; an extension's attributes keep their prefix.
  const core = 'urn:ietf:params:scim:schemas:core:2.0:user:';
  return lowered.startsWith(core) ? lowered.slice(core.length) : lowered;
}

const EMAIL_VALUE_PATH = /^emails(\[type eq "[a-z]+"\])?\.value$/;

/**
 * Applies RFC 7644 §3.5.2 operations to a user. Attributes this server does not keep (title,
 * enterprise extension, phone numbers) are accepted and ignored, as Okta and Entra ID send them
 * on every update.
 */
export function applyUserPatch(current: ScimUserDraft, operations: ScimPatch['Operations']): ScimUserDraft {
  const draft: ScimUserDraft = { ...current };
  let given: string | null | undefined;
  let family: string | null | undefined;

  const set = (attribute: string, value: unknown) => {
    if (attribute === 'username') draft.userName = text(value, 'userName') as string;
    else if (attribute === 'externalid') draft.externalId = text(value, 'externalId', { nullable: true });
    else if (attribute === 'active') draft.active = scimBoolean(value, 'active');
    else if (attribute === 'displayname' || attribute === 'name.formatted')
      draft.name = text(value, attribute, { nullable: true });
    else if (attribute === 'name') draft.name = nameOf(value);
    else if (attribute === 'name.givenname') given = text(value, 'name.givenName', { nullable: true });
    else if (attribute === 'name.familyname') family = text(value, 'name.familyName', { nullable: true });
    else if (attribute === 'emails') draft.email = primaryEmail(value);
    else if (EMAIL_VALUE_PATH.test(attribute)) draft.email = text(value, 'emails.value', { nullable: true });
    else if (attribute === 'password') draft.password = text(value, 'password') as string;
  };

  for (const operation of operations) {
    const op = opName(operation);
    if (operation.path === undefined || operation.path === '') {
      if (op === 'remove') throw new ScimProblem(400, 'A remove operation needs a path', 'noTarget');
      if (!isRecord(operation.value)) throw invalidValue('An operation without a path needs an object value');
      for (const [key, value] of Object.entries(operation.value)) set(attributeOf(key), value);
      continue;
    }
    const attribute = attributeOf(operation.path);
    if (op !== 'remove') {
      set(attribute, operation.value);
      continue;
    }
    if (attribute === 'username' || attribute === 'active') {
      throw new ScimProblem(400, `${operation.path} cannot be removed`, 'mutability');
    }
    if (attribute === 'emails' || EMAIL_VALUE_PATH.test(attribute)) set(attribute, null);
    else if (attribute === 'name') draft.name = null;
    else set(attribute, null);
  }

  if (given !== undefined || family !== undefined) {
    const parts = [given, family].filter((part): part is string => typeof part === 'string' && part !== '');
    draft.name = parts.length > 0 ? parts.join(' ') : draft.name;
  }
  return draft;
}

function memberIds(value: unknown): string[] {
  if (!Array.isArray(value)) throw invalidValue('members must be a list of {"value": id}');
  if (value.length > SCIM_MAX_MEMBERS) {
    throw new ScimProblem(400, `At most ${SCIM_MAX_MEMBERS} members per operation`, 'tooMany');
  }
  return value.map((member) => {
    if (!isRecord(member) || typeof member.value !== 'string' || member.value.length > 100) {
      throw invalidValue('Each member must be {"value": id}');
    }
    return member.value;
  });
}

const MEMBER_FILTER_PATH = /^members\[value eq "([^"]{1,100})"\]$/i;

/**
 * Applies RFC 7644 §3.5.2 operations to a group: membership `add`, `remove` (by list, by
 * `members[value eq "id"]` as Entra ID sends it, or all) and `replace`, and renames.
 */
export function applyGroupPatch(
  current: ScimGroupDraft,
  operations: ScimPatch['Operations'],
): ScimGroupDraft {
  const draft: ScimGroupDraft = { ...current, members: [...current.members] };
  const addMembers = (ids: string[]) => {
    for (const id of ids) if (!draft.members.includes(id)) draft.members.push(id);
  };
  const removeMembers = (ids: string[]) => {
    draft.members = draft.members.filter((id) => !ids.includes(id));
  };

  for (const operation of operations) {
    const op = opName(operation);
    const path = operation.path?.trim() ?? '';
    if (path === '') {
      if (op === 'remove') throw new ScimProblem(400, 'A remove operation needs a path', 'noTarget');
      if (!isRecord(operation.value)) throw invalidValue('An operation without a path needs an object value');
      const value = operation.value;
      if (value.displayName !== undefined)
        draft.displayName = text(value.displayName, 'displayName') as string;
      if (value.externalId !== undefined) {
        draft.externalId = text(value.externalId, 'externalId', { nullable: true });
      }
      if (value.members !== undefined) {
        if (op === 'add') addMembers(memberIds(value.members));
        else draft.members = [...new Set(memberIds(value.members))];
      }
      continue;
    }
    const filtered = MEMBER_FILTER_PATH.exec(path);
    if (filtered) {
      if (op !== 'remove') throw new ScimProblem(400, `Use remove with ${path}`, 'invalidPath');
      removeMembers([filtered[1] as string]);
      continue;
    }
    const attribute = attributeOf(path);
    if (attribute === 'members') {
      if (op === 'add') addMembers(memberIds(operation.value));
      else if (op === 'replace') draft.members = [...new Set(memberIds(operation.value))];
      else if (operation.value === undefined) draft.members = [];
      else removeMembers(memberIds(operation.value));
    } else if (attribute === 'displayname') {
      if (op === 'remove') throw new ScimProblem(400, 'displayName cannot be removed', 'mutability');
      draft.displayName = text(operation.value, 'displayName') as string;
    } else if (attribute === 'externalid') {
      draft.externalId = op === 'remove' ? null : text(operation.value, 'externalId', { nullable: true });
    } else {
      throw new ScimProblem(400, `Unsupported path ${JSON.stringify(path)}`, 'invalidPath');
    }
  }
  return draft;
}
