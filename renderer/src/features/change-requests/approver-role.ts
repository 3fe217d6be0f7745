import type { ApiClient } from '../../api/client';

/**
 * Who may approve where (issue 31 §2): no built-in role holds APPROVE_CHANGE_REQUEST (as in
 * Unleash), so in an environment no custom project role grants it for, only admins approve. The
 * console says so on the project's change-request settings and offers to create a custom project
 * role that approves and applies there, through the roles API.
 */
interface RoleSummary {
  id: number;
  type: string;
  name: string;
}
interface RolePermission {
  name: string;
  environment?: string | null;
}

/** The environments some custom project role may approve in (`*` for all of them). */
export async function approvingEnvironments(client: ApiClient, signal?: AbortSignal): Promise<string[]> {
  const { roles } = await client.get<{ roles: RoleSummary[] }>('/api/admin/roles', undefined, signal);
  const environments = new Set<string>();
  for (const role of roles.filter((candidate) => candidate.type === 'custom')) {
    const full = await client.get<{ permissions: RolePermission[] }>(
      `/api/admin/roles/${role.id}`,
      undefined,
      signal,
    );
    for (const permission of full.permissions)
      if (permission.name === 'APPROVE_CHANGE_REQUEST' && permission.environment)
        environments.add(permission.environment);
  }
  return [...environments].sort();
}

/** The governed environments where only admins may approve. */
export function adminOnlyEnvironments(governed: readonly string[], approving: readonly string[]): string[] {
  if (approving.includes('*')) return [];
  return governed.filter((environment) => !approving.includes(environment));
}

export const approverRoleName = (environment: string) => `Change request approver (${environment})`;

/** The body of `POST /api/admin/roles` for a project role approving and applying in `environment`. */
export function approverRoleBody(environment: string) {
  return {
    name: approverRoleName(environment),
    type: 'custom' as const,
    description: `Approves and applies change requests in ${environment}.`,
    permissions: [
      { name: 'APPROVE_CHANGE_REQUEST', environment },
      { name: 'APPLY_CHANGE_REQUEST', environment },
    ],
  };
}

export const approvingEnvironmentsKey = 'change-request-approving-environments';
