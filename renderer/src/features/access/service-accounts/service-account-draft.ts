import type { Role, ServiceAccount } from '../access-api';

export interface ServiceAccountDraft {
  name: string;
  username: string;
  rootRole: string | null;
}

/** The account's root role, or for a new account Viewer (else the first root role), as the select's value. */
export function initialRootRole(
  account: ServiceAccount | undefined,
  rootRoles: readonly Role[],
): string | null {
  const viewer = rootRoles.find((role) => role.name === 'Viewer') ?? rootRoles[0];
  return String(account?.rootRole ?? viewer?.id ?? '') || null;
}

/** What the form refuses before asking the server, by field; the username only matters when creating. */
export function serviceAccountProblems(
  draft: ServiceAccountDraft,
  creating: boolean,
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!draft.name.trim()) problems.name = 'A service account needs a name';
  if (creating && !draft.username.trim()) problems.username = 'A service account needs a username';
  if (!draft.rootRole) problems.rootRole = 'Choose a root role';
  return problems;
}
