import type { ApiToken, Permission } from '../../../contract';
import type { ApiTokenType } from '../../lib/caller';
import { projectPartOf } from './token-format';

/** An API token as the server holds it: never its secret, only the secret's prefix. */
export interface ApiTokenRecord {
  id: number;
  prefix: string;
  tokenName: string;
  type: ApiTokenType;
  environment: string;
  /** `['*']` for every project. */
  projects: string[];
  alias: string | null;
  expiresAt: Date | null;
  seenAt: Date | null;
  createdAt: Date;
  seeded: boolean;
}

type Action = 'create' | 'update' | 'delete' | 'read';

/** The permission each token type needs for each action. */
export const PERMISSIONS: Record<ApiTokenType, Record<Action, Permission>> = {
  client: {
    create: 'CREATE_CLIENT_API_TOKEN',
    update: 'UPDATE_CLIENT_API_TOKEN',
    delete: 'DELETE_CLIENT_API_TOKEN',
    read: 'READ_CLIENT_API_TOKEN',
  },
  frontend: {
    create: 'CREATE_FRONTEND_API_TOKEN',
    update: 'UPDATE_FRONTEND_API_TOKEN',
    delete: 'DELETE_FRONTEND_API_TOKEN',
    read: 'READ_FRONTEND_API_TOKEN',
  },
  admin: { create: 'ADMIN', update: 'ADMIN', delete: 'ADMIN', read: 'ADMIN' },
};

/** The token as the admin API shows it; `secret` only right after creation. */
export function toApiToken(
  record: ApiTokenRecord,
  options: { secret?: string; type?: string } = {},
): ApiToken {
  return {
    ...(options.secret ? { secret: options.secret } : {}),
    prefix: record.prefix,
    tokenName: record.tokenName,
    type: (options.type ?? record.type) as ApiToken['type'],
    environment: record.environment,
    project: projectPartOf(record.projects),
    projects: record.projects,
    expiresAt: record.expiresAt?.toISOString() ?? null,
    createdAt: record.createdAt.toISOString(),
    seenAt: record.seenAt?.toISOString() ?? null,
    alias: record.alias,
    secure: true,
  };
}

/**
 * A token as Unleash 8.2's api-token events carry it (issue 31 §4, seen on the reference): the
 * stored token without its secret. Ours neither carries the secret's prefix: an event log is read
 * more widely than the token list. `secure` is true as in every answer of ours (only a hash of the
 * secret is kept). A created token leaves out the expiry and last use it does not have yet.
 */
export function tokenEventData(record: ApiTokenRecord, options: { created?: boolean } = {}) {
  const base = {
    tokenName: record.tokenName,
    type: record.type,
    environment: record.environment,
    project: projectPartOf(record.projects),
    projects: record.projects,
    alias: record.alias,
    secure: true,
    createdAt: record.createdAt.toISOString(),
  };
  const expiresAt = record.expiresAt?.toISOString() ?? null;
  if (options.created) return { ...base, ...(expiresAt ? { expiresAt } : {}) };
  return { ...base, expiresAt, seenAt: record.seenAt?.toISOString() ?? null };
}

/** The project an event about this token names, as Unleash's: its one project, `*` for all. */
export function singleProject(record: ApiTokenRecord): string | null {
  const project = projectPartOf(record.projects);
  return project === '[]' ? null : project;
}

/** `backend` is stored as `client` but answered as asked. */
export function normaliseType(raw: string): { stored: ApiTokenType; shown: string } {
  const shown = raw.toLowerCase();
  return { stored: shown === 'backend' ? 'client' : (shown as ApiTokenType), shown };
}
