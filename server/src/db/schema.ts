import type { AddonTables } from './schema-addons';
import type { BlastRadiusTables } from './schema-blast-radius';
import type { BundleTables } from './schema-bundles';
import type { ChangeRequestTables } from './schema-change-requests';
import type { CoreTables } from './schema-core';
import type { EdgeTables } from './schema-edge';
import type { InsightTables } from './schema-insights';
import type { InstanceAdminTables } from './schema-instance-admin';
import type { LoginHistoryTables } from './schema-login-history';
import type { PersonalTables } from './schema-personal';
import type { ReleasePlanTables } from './schema-release-plans';
import type { SignalTables } from './schema-signals';
import type { SsoTables } from './schema-sso';

// Row types of every table, as the migrations leave them, one file per domain. Stores are the
// only readers. A new domain adds its schema-<domain>.ts and one name to this list.
export type * from './schema-addons';
export type * from './schema-blast-radius';
export type * from './schema-bundles';
export type * from './schema-change-requests';
export type * from './schema-core';
export type * from './schema-edge';
export type * from './schema-insights';
export type * from './schema-instance-admin';
export type * from './schema-login-history';
export type * from './schema-personal';
export type * from './schema-release-plans';
export type * from './schema-signals';
export type * from './schema-sso';

export interface Database
  extends CoreTables,
    ChangeRequestTables,
    ReleasePlanTables,
    BlastRadiusTables,
    InsightTables,
    SignalTables,
    AddonTables,
    InstanceAdminTables,
    PersonalTables,
    LoginHistoryTables,
    SsoTables,
    BundleTables,
    EdgeTables {}
