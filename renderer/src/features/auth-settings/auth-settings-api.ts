import type { PasswordAuth, ScimSettings, ScimToken } from '../../../../server/contract/scim';
import type { AdminApi } from '../../api/admin-api';

/** Sign-in and provisioning settings (issue 20; shared/unleash/API.md §6 "Auth"). */
export function authSettingsApi(api: AdminApi) {
  const { client } = api;
  return {
    scim: () => client.get<ScimSettings>('/api/admin/scim-settings'),
    setScim: (enabled: boolean) => client.post<ScimSettings>('/api/admin/scim-settings', { enabled }),
    generateScimToken: () => client.post<ScimToken>('/api/admin/scim-settings/generate-new-token'),
    deleteScimUsers: () => client.delete<unknown>('/api/admin/user-admin/scim-users'),
    deleteScimGroups: () => client.delete<unknown>('/api/admin/groups/scim-groups'),
    password: () => client.get<PasswordAuth>('/api/admin/auth/simple/settings'),
    setPassword: (disabled: boolean) =>
      client.post<PasswordAuth>('/api/admin/auth/simple/settings', { disabled }),
  };
}

/** Where identity providers send SCIM requests: the server's URL (BASE_URI_PATH included) + /scim/v2. */
export const scimBaseUrl = (serverBaseUrl: string) => `${serverBaseUrl.replace(/\/+$/, '')}/scim/v2`;
