import type { Static } from 'typebox';
import type {
  AdminPermissionSchema,
  AdminPermissionsSchema,
  CreateGroupSchema,
  CreatePatSchema,
  CreateRoleSchema,
  CreateServiceAccountSchema,
  CreateUserResponseSchema,
  CreateUserSchema,
  GroupSchema,
  GroupsSchema,
  PatSchema,
  PatsSchema,
  PublicSignupTokenCreateSchema,
  PublicSignupTokenSchema,
  PublicSignupTokensSchema,
  PublicSignupTokenUpdateSchema,
  ResetPasswordSchema,
  RoleSchema,
  RolesSchema,
  RoleWithPermissionsSchema,
  RoleWithVersionSchema,
  ServiceAccountSchema,
  ServiceAccountsSchema,
  UpdateServiceAccountSchema,
  UpdateUserSchema,
  UserSchema,
  UsersSchema,
  UsersSearchSchema,
} from '../../../../server/contract';
import type { AdminApi } from '../../api/admin-api';
import type { ApiClient } from '../../api/client';

/** Wire shapes of the access screens, straight from the server's contract. */
export type User = Static<typeof UserSchema>;
export type UsersResponse = Static<typeof UsersSchema>;
export type CreateUserBody = Static<typeof CreateUserSchema>;
export type CreatedUser = Static<typeof CreateUserResponseSchema>;
export type UpdateUserBody = Static<typeof UpdateUserSchema>;

export type Role = Static<typeof RoleSchema>;
export type RoleWithPermissions = Static<typeof RoleWithPermissionsSchema>;
export type RoleBody = Static<typeof CreateRoleSchema>;
export type AdminPermission = Static<typeof AdminPermissionSchema>;
export type AdminPermissions = Static<typeof AdminPermissionsSchema>;

export type Group = Static<typeof GroupSchema>;
export type GroupBody = Static<typeof CreateGroupSchema>;

export type ServiceAccount = Static<typeof ServiceAccountSchema>;
export type ServiceAccountsResponse = Static<typeof ServiceAccountsSchema>;
export type CreateServiceAccountBody = Static<typeof CreateServiceAccountSchema>;
export type UpdateServiceAccountBody = Static<typeof UpdateServiceAccountSchema>;

export type Pat = Static<typeof PatSchema>;
export type CreatePatBody = Static<typeof CreatePatSchema>;

export type InviteLink = Static<typeof PublicSignupTokenSchema>;
export type CreateInviteLinkBody = Static<typeof PublicSignupTokenCreateSchema>;
export type UpdateInviteLinkBody = Static<typeof PublicSignupTokenUpdateSchema>;

const enc = encodeURIComponent;

/** The admin operations of users, roles, groups, service accounts, tokens and invite links (API.md §6, §7.2, §10). */
export function createAccessApi(client: ApiClient) {
  return {
    listUsers: () => client.get<UsersResponse>('/api/admin/user-admin'),
    searchUsers: (q: string, signal?: AbortSignal) =>
      client.get<Static<typeof UsersSearchSchema>>('/api/admin/user-admin/search', { q }, signal),
    getUser: (id: number) => client.get<User>(`/api/admin/user-admin/${id}`),
    createUser: (body: CreateUserBody) => client.post<CreatedUser>('/api/admin/user-admin', body),
    deleteUser: (id: number) => client.delete<unknown>(`/api/admin/user-admin/${id}`),
    /** A link the user sets a new password with; `id` may also be an e-mail or username. */
    resetPasswordLink: (id: number) =>
      client.post<Static<typeof ResetPasswordSchema>>('/api/admin/user-admin/reset-password', {
        id: String(id),
      }),
    setPassword: (id: number, password: string) =>
      client.post<unknown>(`/api/admin/user-admin/${id}/change-password`, { password }),

    listRoles: () => client.get<Static<typeof RolesSchema>>('/api/admin/roles'),
    getRole: (id: number) => client.get<RoleWithPermissions>(`/api/admin/roles/${id}`),
    listPermissions: () => client.get<AdminPermissions>('/api/admin/permissions'),
    createRole: (body: RoleBody) =>
      client.post<Static<typeof RoleWithVersionSchema>>('/api/admin/roles', body),
    deleteRole: (id: number) => client.delete<unknown>(`/api/admin/roles/${id}`),

    listGroups: () => client.get<Static<typeof GroupsSchema>>('/api/admin/groups'),
    getGroup: (id: number) => client.get<Group>(`/api/admin/groups/${id}`),
    createGroup: (body: GroupBody) => client.post<Group>('/api/admin/groups', body),
    deleteGroup: (id: number) => client.delete<unknown>(`/api/admin/groups/${id}`),

    listServiceAccounts: () => client.get<ServiceAccountsResponse>('/api/admin/service-account'),
    createServiceAccount: (body: CreateServiceAccountBody) =>
      client.post<ServiceAccount>('/api/admin/service-account', body),
    deleteServiceAccount: (id: number) => client.delete<unknown>(`/api/admin/service-account/${id}`),
    listServiceAccountTokens: (id: number) =>
      client.get<Static<typeof PatsSchema>>(`/api/admin/service-account/${id}/token`),
    createServiceAccountToken: (id: number, body: CreatePatBody) =>
      client.post<Pat>(`/api/admin/service-account/${id}/token`, body),
    deleteServiceAccountToken: (id: number, tokenId: number) =>
      client.delete<unknown>(`/api/admin/service-account/${id}/token/${tokenId}`),

    listPats: () => client.get<Static<typeof PatsSchema>>('/api/admin/user/tokens'),
    createPat: (body: CreatePatBody) => client.post<Pat>('/api/admin/user/tokens', body),
    deletePat: (id: number) => client.delete<unknown>(`/api/admin/user/tokens/${id}`),

    listInviteLinks: () =>
      client.get<Static<typeof PublicSignupTokensSchema>>('/api/admin/invite-link/tokens'),
    getInviteLink: (secret: string) => client.get<InviteLink>(`/api/admin/invite-link/tokens/${enc(secret)}`),
    createInviteLink: (body: CreateInviteLinkBody) =>
      client.post<InviteLink>('/api/admin/invite-link/tokens', body),
  };
}

export type AccessApi = ReturnType<typeof createAccessApi>;

/** The access operations over the console's current admin client. */
export const accessApi = (api: AdminApi): AccessApi => createAccessApi(api.client);
