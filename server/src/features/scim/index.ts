export { scimAdminRoutes } from './scim-admin-routes';
export { createScimGroupService, type ScimGroupService } from './scim-group-service';
export { SCIM_PATH, scimRoutes } from './scim-routes';
export { createScimSettingsService, type ScimSettingsService } from './scim-settings-service';
export { createScimUserService, SCIM_ACTOR, type ScimUserService } from './scim-user-service';
