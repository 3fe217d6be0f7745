import {
  LOGIN_HISTORY_DEFAULT_LIMIT,
  type LoginAuthType,
  type LoginHistory,
  type LoginHistoryQuery,
} from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { insertLoginEntry, listLoginEntries } from './login-history-store';

/** Bounds of what one attempt stores: a typed username or a reason can be anything. */
const MAX_USERNAME_LENGTH = 255;
const MAX_REASON_LENGTH = 500;
const MAX_IP_LENGTH = 64;

/** Why a password login failed, as the history shows it. */
export const LOGIN_FAILURE = {
  wrongPassword: 'Wrong password',
  unknownUser: 'No user with this username or e-mail',
  noPassword: 'The account has no password (service account or invite not yet accepted)',
  locked: 'Too many failed logins: the account is locked for a while',
} as const;

export interface LoginAttempt {
  /** What was typed or asserted by the identity provider. */
  username: string;
  authType: LoginAuthType;
  successful: boolean;
  ip?: string | null;
  failureReason?: string | null;
  at?: Date;
}

function bounded(text: string, max: number): string {
  // NUL cannot be stored in a text column.
  const clean = text.replaceAll('\u0000', '');
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/**
 * Records one login attempt. Password login calls it where failures are counted; the SSO
 * domains (OIDC, SAML) call it with their auth type. It writes on its own (never inside the
 * login's transaction), so a failed attempt is recorded even though the login is refused.
 */
export async function recordLogin(db: Queryable, attempt: LoginAttempt): Promise<void> {
  await insertLoginEntry(db, {
    username: bounded(attempt.username.trim(), MAX_USERNAME_LENGTH),
    authType: attempt.authType,
    successful: attempt.successful,
    ip: attempt.ip ? bounded(attempt.ip, MAX_IP_LENGTH) : null,
    failureReason:
      attempt.successful || !attempt.failureReason ? null : bounded(attempt.failureReason, MAX_REASON_LENGTH),
    ...(attempt.at ? { createdAt: attempt.at } : {}),
  });
}

export async function readLoginHistory(db: Queryable, query: LoginHistoryQuery): Promise<LoginHistory> {
  const q = query.q?.trim();
  return {
    events: await listLoginEntries(db, {
      ...(q ? { q } : {}),
      ...(query.successful !== undefined ? { successful: query.successful } : {}),
      limit: query.limit ?? LOGIN_HISTORY_DEFAULT_LIMIT,
      offset: query.offset ?? 0,
    }),
  };
}
