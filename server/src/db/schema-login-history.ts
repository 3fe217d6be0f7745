import type { Generated } from 'kysely';
import type { CreatedAt } from './schema-core';

/** Login attempts of every authentication method (issue 19), kept for a bounded time. */
export interface LoginHistoryTable {
  id: Generated<string>;
  username: string;
  auth_type: string;
  successful: boolean;
  ip: string | null;
  failure_reason: string | null;
  created_at: CreatedAt;
}

export interface LoginHistoryTables {
  login_history: LoginHistoryTable;
}
