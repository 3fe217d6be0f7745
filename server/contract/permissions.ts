/**
 * Unleash's permission names (shared/unleash/API.md §7.2), grouped by where they are granted.
 * Every route declares one of these, or a pseudo-permission naming another kind of caller.
 */
export const ROOT_PERMISSIONS = [
  'ADMIN',
  'CREATE_STRATEGY',
  'UPDATE_STRATEGY',
  'DELETE_STRATEGY',
  'CREATE_ADDON',
  'UPDATE_ADDON',
  'DELETE_ADDON',
  'UPDATE_APPLICATION',
  'CREATE_TAG_TYPE',
  'UPDATE_TAG_TYPE',
  'DELETE_TAG_TYPE',
  'CREATE_PROJECT',
  'CREATE_CONTEXT_FIELD',
  'UPDATE_CONTEXT_FIELD',
  'DELETE_CONTEXT_FIELD',
  'READ_ROLE',
  'CREATE_SEGMENT',
  'UPDATE_SEGMENT',
  'DELETE_SEGMENT',
  'CREATE_CLIENT_API_TOKEN',
  'UPDATE_CLIENT_API_TOKEN',
  'DELETE_CLIENT_API_TOKEN',
  'READ_CLIENT_API_TOKEN',
  'CREATE_FRONTEND_API_TOKEN',
  'UPDATE_FRONTEND_API_TOKEN',
  'DELETE_FRONTEND_API_TOKEN',
  'READ_FRONTEND_API_TOKEN',
  'RELEASE_PLAN_TEMPLATE_CREATE',
  'RELEASE_PLAN_TEMPLATE_UPDATE',
  'RELEASE_PLAN_TEMPLATE_DELETE',
  'UPDATE_MAINTENANCE_MODE',
  'UPDATE_INSTANCE_BANNERS',
  'UPDATE_AUTH_CONFIGURATION',
  'READ_LOGS',
  'UPDATE_CORS',
] as const;

export const PROJECT_PERMISSIONS = [
  'CREATE_FEATURE',
  'UPDATE_FEATURE',
  'DELETE_FEATURE',
  'UPDATE_PROJECT',
  'DELETE_PROJECT',
  'UPDATE_FEATURE_VARIANTS',
  'MOVE_FEATURE_TOGGLE',
  'READ_PROJECT_API_TOKEN',
  'CREATE_PROJECT_API_TOKEN',
  'DELETE_PROJECT_API_TOKEN',
  'UPDATE_PROJECT_SEGMENT',
  'UPDATE_FEATURE_DEPENDENCY',
  'PROJECT_USER_ACCESS_READ',
  'PROJECT_DEFAULT_STRATEGY_READ',
  'PROJECT_CHANGE_REQUEST_READ',
  'PROJECT_SETTINGS_READ',
  'PROJECT_USER_ACCESS_WRITE',
  'PROJECT_DEFAULT_STRATEGY_WRITE',
  'PROJECT_CHANGE_REQUEST_WRITE',
  'PROJECT_SETTINGS_WRITE',
  'UPDATE_PROJECT_CONTEXT',
  'UPDATE_PROJECT_RELEASE_TEMPLATE',
] as const;

export const ENVIRONMENT_PERMISSIONS = [
  'CREATE_FEATURE_STRATEGY',
  'UPDATE_FEATURE_STRATEGY',
  'DELETE_FEATURE_STRATEGY',
  'UPDATE_FEATURE_ENVIRONMENT',
  'UPDATE_FEATURE_ENVIRONMENT_VARIANTS',
  'APPROVE_CHANGE_REQUEST',
  'APPLY_CHANGE_REQUEST',
  'SKIP_CHANGE_REQUEST',
] as const;

/**
 * Pseudo-permissions: NONE for public routes (health, login), CLIENT for backend-SDK tokens,
 * FRONTEND for frontend tokens; AUTHENTICATED for any signed-in user or token of the admin
 * surface whose operation needs no specific grant (reading the admin lists, as Unleash does);
 * USER for operations that need an identifiable user (a session or a personal access token,
 * never an admin API token): own profile, own password, own personal access tokens, feedback.
 */
export const PSEUDO_PERMISSIONS = ['NONE', 'CLIENT', 'FRONTEND', 'AUTHENTICATED', 'USER'] as const;

export type RootPermission = (typeof ROOT_PERMISSIONS)[number];
export type ProjectPermission = (typeof PROJECT_PERMISSIONS)[number];
export type EnvironmentPermission = (typeof ENVIRONMENT_PERMISSIONS)[number];
export type PseudoPermission = (typeof PSEUDO_PERMISSIONS)[number];
export type Permission = RootPermission | ProjectPermission | EnvironmentPermission | PseudoPermission;

export const ALL_PERMISSIONS: readonly Permission[] = [
  ...ROOT_PERMISSIONS,
  ...PROJECT_PERMISSIONS,
  ...ENVIRONMENT_PERMISSIONS,
  ...PSEUDO_PERMISSIONS,
];
