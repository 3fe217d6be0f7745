import type { Generated } from 'kysely';
import type { CreatedAt } from './schema-core';

/** Banners, per-user splash flags and reported console errors (issue 19). */
export interface BannersTable {
  id: Generated<number>;
  enabled: Generated<boolean>;
  message: string;
  variant: Generated<string>;
  sticky: Generated<boolean>;
  icon: string | null;
  link: string | null;
  link_text: string | null;
  dialog_title: string | null;
  dialog: string | null;
  created_at: CreatedAt;
}

export interface UserSplashTable {
  user_id: number;
  splash_id: string;
  seen: Generated<boolean>;
}

export interface UiErrorsTable {
  id: Generated<number>;
  error_message: string;
  error_stack: string | null;
  user_id: number | null;
  created_at: CreatedAt;
}

export interface InstanceAdminTables {
  banners: BannersTable;
  user_splash: UserSplashTable;
  ui_errors: UiErrorsTable;
}
