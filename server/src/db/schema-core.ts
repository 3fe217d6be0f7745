import type { ColumnType, Generated } from 'kysely';

/** A jsonb column: read as parsed JSON, written as a JSON string. */
export type Json<T = unknown> = ColumnType<T, string, string>;

/** Row types of every table, as the migrations leave them. Stores are the only readers. */
export interface EventsTable {
  id: Generated<string>;
  type: string;
  created_by: string;
  created_by_user_id: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  data: ColumnType<unknown, string | null, string | null>;
  pre_data: ColumnType<unknown, string | null, string | null>;
  tags: ColumnType<unknown, string | undefined, string>;
  feature_name: string | null;
  project: string | null;
  environment: string | null;
  announced: Generated<boolean>;
  group_type: ColumnType<string | null, string | null | undefined, string | null>;
  group_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SettingsTable {
  name: string;
  content: Json;
}

/** A timestamp column the database fills in by default. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** A jsonb column with a database default. */
export type JsonDefault<T = unknown> = ColumnType<T, string | undefined, string>;

export interface ProjectsTable {
  id: string;
  name: string;
  description: string | null;
  health: Generated<number>;
  mode: Generated<string>;
  default_stickiness: Generated<string>;
  feature_limit: number | null;
  feature_naming_pattern: string | null;
  feature_naming_example: string | null;
  feature_naming_description: string | null;
  link_templates: JsonDefault;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  archived_at: Date | null;
}

export interface EnvironmentsTable {
  name: string;
  type: string;
  sort_order: Generated<number>;
  enabled: Generated<boolean>;
  protected: Generated<boolean>;
  required_approvals: number | null;
  created_at: CreatedAt;
}

export interface ProjectEnvironmentsTable {
  project_id: string;
  environment_name: string;
  default_strategy: ColumnType<unknown, string | null | undefined, string | null>;
}

export interface FeatureTypesTable {
  id: string;
  name: string;
  description: string | null;
  lifetime_days: number | null;
  created_at: CreatedAt;
}

export interface FeaturesTable {
  name: string;
  project: string;
  type: Generated<string>;
  description: string | null;
  stale: Generated<boolean>;
  potentially_stale: Generated<boolean>;
  impression_data: Generated<boolean>;
  archived_at: Date | null;
  created_at: CreatedAt;
  created_by: string | null;
  created_by_user_id: number | null;
  last_seen_at: Date | null;
}

export interface FeatureEnvironmentsTable {
  feature_name: string;
  environment: string;
  enabled: Generated<boolean>;
  variants: JsonDefault;
  last_seen_at: Date | null;
}

export interface StrategiesTable {
  name: string;
  title: string | null;
  display_name: string | null;
  description: string | null;
  parameters: JsonDefault;
  built_in: Generated<boolean>;
  deprecated: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: CreatedAt;
}

export interface FeatureStrategiesTable {
  id: string;
  feature_name: string;
  project_name: string;
  environment: string;
  strategy_name: string;
  title: string | null;
  parameters: JsonDefault;
  constraints: JsonDefault;
  variants: JsonDefault;
  sort_order: Generated<number>;
  disabled: Generated<boolean>;
  created_at: CreatedAt;
  created_by_user_id: number | null;
  /** Set on strategies copied from a started release-plan milestone. */
  milestone_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SegmentsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  constraints: JsonDefault;
  segment_project_id: string | null;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface FeatureStrategySegmentTable {
  feature_strategy_id: string;
  segment_id: number;
  created_at: CreatedAt;
}

export interface DependentFeaturesTable {
  parent: string;
  child: string;
  enabled: Generated<boolean>;
  variants: JsonDefault;
}

export interface FeatureLinkTable {
  id: string;
  feature_name: string;
  url: string;
  title: string | null;
  domain: string | null;
  created_at: CreatedAt;
}

export interface TagTypesTable {
  name: string;
  description: string | null;
  icon: string | null;
  color: string | null;
  created_at: CreatedAt;
}

export interface TagsTable {
  type: string;
  value: string;
  color: string | null;
  created_at: CreatedAt;
}

export interface FeatureTagTable {
  feature_name: string;
  tag_type: string;
  tag_value: string;
  created_at: CreatedAt;
  created_by_user_id: number | null;
}

export interface ContextFieldsTable {
  name: string;
  description: string | null;
  sort_order: Generated<number>;
  legal_values: JsonDefault;
  stickiness: Generated<boolean>;
  project: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface ClientApplicationsTable {
  app_name: string;
  created_at: ColumnType<Date, Date | undefined, Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  seen_at: Date | null;
  description: string | null;
  strategies: ColumnType<string[], string | undefined, string>;
  url: string | null;
  color: string | null;
  icon: string | null;
  created_by: string | null;
}

export interface ClientInstancesTable {
  app_name: string;
  instance_id: string;
  environment: string;
  sdk_version: string | null;
  sdk_type: ColumnType<string, string | undefined, string>;
  client_ip: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  last_seen: ColumnType<Date, Date | undefined, Date>;
}

export interface ClientApplicationsUsageTable {
  app_name: string;
  project: string;
  environment: string;
}

/** Flag names SDKs reported that no flag has (bounded; see client-metrics). */
export interface UnknownFlagsTable {
  name: string;
  app_name: string;
  environment: string;
  seen_at: Date;
}

export interface FeatureLifecyclesTable {
  feature: string;
  stage: string;
  entered_at: Generated<Date>;
  status: string | null;
  status_value: string | null;
}

export interface ClientMetricsEnvTable {
  feature_name: string;
  app_name: string;
  environment: string;
  timestamp: Date;
  yes: number;
  no: number;
}

export interface ClientMetricsEnvVariantsTable {
  feature_name: string;
  app_name: string;
  environment: string;
  timestamp: Date;
  variant: string;
  count: number;
}

export interface FeatureLastSeenTable {
  feature_name: string;
  environment: string;
  last_seen_at: Date;
}

/** Identity and access (migration 20261122110000_identity_access). */
export type DefaultNow = ColumnType<Date, Date | undefined, Date>;

export interface UsersTable {
  id: Generated<number>;
  name: string | null;
  username: string | null;
  email: string | null;
  password_hash: string | null;
  login_attempts: Generated<number>;
  is_service: Generated<boolean>;
  created_at: DefaultNow;
  seen_at: Date | null;
  created_by_user_id: number | null;
  /** The SCIM client's id for this user and its `externalId` (issue 20); null when not provisioned. */
  scim_id: string | null;
  scim_external_id: string | null;
  /** Set while a SCIM client has the user deactivated (`active: false`): no login works. */
  deactivated_at: Date | null;
}

export interface PermissionsTable {
  id: Generated<number>;
  name: string;
  display_name: string;
  type: 'root' | 'project' | 'environment';
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  type: 'root' | 'project' | 'root-custom' | 'custom';
  created_at: DefaultNow;
  updated_at: Date | null;
  created_by_user_id: number | null;
}

export interface RolePermissionTable {
  role_id: number;
  permission: string;
  environment: Generated<string>;
}

export interface RoleUserTable {
  id: Generated<number>;
  role_id: number;
  user_id: number;
  project: string | null;
  created_at: DefaultNow;
  created_by_user_id: number | null;
}

export interface GroupsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  mappings_sso: ColumnType<unknown, string | undefined, string>;
  created_by: string | null;
  created_at: DefaultNow;
  scim_id: string | null;
  scim_external_id: string | null;
}

export interface GroupUserTable {
  group_id: number;
  user_id: number;
  created_by: string | null;
  created_at: DefaultNow;
}

export interface GroupRoleTable {
  id: Generated<number>;
  group_id: number;
  role_id: number;
  project: string | null;
  created_by: string | null;
  created_at: DefaultNow;
}

export interface ApiTokensTable {
  id: Generated<number>;
  secret_hash: string;
  prefix: string;
  token_name: string;
  type: 'client' | 'frontend' | 'admin';
  environment: string;
  alias: string | null;
  expires_at: Date | null;
  seen_at: Date | null;
  created_at: DefaultNow;
  created_by_user_id: number | null;
  seeded: Generated<boolean>;
  deleted_at: Date | null;
}

export interface ApiTokenProjectsTable {
  token_id: number;
  project: string;
}

export interface PersonalAccessTokensTable {
  id: Generated<number>;
  secret_hash: string;
  user_id: number;
  description: string;
  expires_at: Date;
  seen_at: Date | null;
  created_at: DefaultNow;
  created_by_user_id: number | null;
}

export interface SessionsTable {
  id_hash: string;
  user_id: number;
  created_at: DefaultNow;
  expires_at: Date;
}

export interface LoginAttemptsTable {
  login_key: string;
  failures: number;
  last_attempt_at: Date;
  locked_until: Date | null;
}

export interface ResetTokensTable {
  token_hash: string;
  user_id: number;
  created_by: string | null;
  created_at: DefaultNow;
  expires_at: Date;
  used_at: Date | null;
}

export interface PublicSignupTokensTable {
  /** SHA-256 (hex) of the link's secret. */
  secret_hash: string;
  name: string;
  enabled: Generated<boolean>;
  expires_at: Date;
  created_at: DefaultNow;
  created_by: string | null;
  role_id: number;
}

export interface PublicSignupTokenUsersTable {
  secret_hash: string;
  user_id: number;
  created_at: DefaultNow;
}

/** The flag core's tables; each later domain keeps its tables in a schema-<domain>.ts beside this file. */
export interface CoreTables {
  events: EventsTable;
  settings: SettingsTable;
  client_applications: ClientApplicationsTable;
  client_instances: ClientInstancesTable;
  client_applications_usage: ClientApplicationsUsageTable;
  client_metrics_env: ClientMetricsEnvTable;
  client_metrics_env_variants: ClientMetricsEnvVariantsTable;
  feature_last_seen: FeatureLastSeenTable;
  unknown_flags: UnknownFlagsTable;
  feature_lifecycles: FeatureLifecyclesTable;
  projects: ProjectsTable;
  environments: EnvironmentsTable;
  project_environments: ProjectEnvironmentsTable;
  feature_types: FeatureTypesTable;
  features: FeaturesTable;
  feature_environments: FeatureEnvironmentsTable;
  strategies: StrategiesTable;
  feature_strategies: FeatureStrategiesTable;
  segments: SegmentsTable;
  feature_strategy_segment: FeatureStrategySegmentTable;
  dependent_features: DependentFeaturesTable;
  feature_link: FeatureLinkTable;
  tag_types: TagTypesTable;
  tags: TagsTable;
  feature_tag: FeatureTagTable;
  context_fields: ContextFieldsTable;
  users: UsersTable;
  permissions: PermissionsTable;
  roles: RolesTable;
  role_permission: RolePermissionTable;
  role_user: RoleUserTable;
  groups: GroupsTable;
  group_user: GroupUserTable;
  group_role: GroupRoleTable;
  api_tokens: ApiTokensTable;
  api_token_projects: ApiTokenProjectsTable;
  personal_access_tokens: PersonalAccessTokensTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  reset_tokens: ResetTokensTable;
  public_signup_tokens: PublicSignupTokensTable;
  public_signup_token_users: PublicSignupTokenUsersTable;
}
