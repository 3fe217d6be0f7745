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

/** Event payload: everything but the secret. */
export function tokenEventData(record: ApiTokenRecord) {
  return {
    tokenName: record.tokenName,
    prefix: record.prefix,
    type: record.type,
    environment: record.environment,
    projects: record.projects,
    expiresAt: record.expiresAt?.toISOString() ?? null,
  };
}

/** The project an event about this token names: its one project, if it has exactly one. */
export function singleProject(record: ApiTokenRecord): string | null {
  return record.projects.length === 1 && record.projects[0] !== '*' ? (record.projects[0] as string) : null;
}

/** `backend` is stored as `client` but answered as asked. */
export function normaliseType(raw: string): { stored: ApiTokenType; shown: string } {
  const shown = raw.toLowerCase();
  return { stored: shown === 'backend' ? 'client' : (shown as ApiTokenType), shown };
}
