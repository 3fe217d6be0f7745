import type { Db } from '../../db/database';
import { ADMIN_TOKEN_USER_ID, type Caller, type UserCaller } from '../../lib/caller';
import { getRole, groupIdsOfUser, listGrants, projectsOfUser, rootRolesOfUsers, toRole } from '../access';
import { feedbackOfUser } from '../feedback';
import type { GroupService } from '../groups';
import { splashOfUser } from '../instance-admin';
import { subscriptionsOf } from '../notifications';
import type { UserService } from '../users';

interface AccountViewDeps {
  db: Db;
  users: UserService;
  groups: GroupService;
}

/** `GET /api/admin/user`: the signed-in user, or the pseudo user of an admin API token. */
async function me(deps: AccountViewDeps, caller: Caller) {
  if (caller.kind === 'user') {
    return {
      user: await deps.users.get(caller.id),
      permissions: listGrants(caller.grants),
      feedback: await feedbackOfUser(deps.db, caller.id),
      splash: await splashOfUser(deps.db, caller.id),
    };
  }
  // An admin API token: no user behind it, so a pseudo user (Unleash's id -42).
  const name = caller.kind === 'api-token' ? caller.tokenName : 'unknown';
  return {
    user: { id: ADMIN_TOKEN_USER_ID, username: name, name, permissions: ['ADMIN'] },
    permissions: [{ permission: 'ADMIN' }],
    feedback: [],
    splash: {},
  };
}

/** `GET /api/admin/user/profile`: the user's root role, projects, groups and subscriptions. */
async function profile(deps: AccountViewDeps, user: UserCaller, hidden: ReadonlySet<string>) {
  const { db, groups } = deps;
  const rootRoleId = (await rootRolesOfUsers(db, [user.id])).get(user.id);
  const rootRole = rootRoleId !== undefined ? await getRole(db, rootRoleId) : undefined;
  const groupList = await groups.getMany(await groupIdsOfUser(db, user.id));
  return {
    rootRole: rootRole ? toRole(rootRole) : { id: 0, type: 'root', name: 'None' },
    // Memberships are what makes a private project visible; the shared read model still has
    // the last word, so the profile never lists a project the caller's other views hide.
    projects: (await projectsOfUser(db, user.id)).filter((project) => !hidden.has(project)),
    groups: groupList.map((group) => ({
      id: group.id,
      name: group.name,
      description: group.description,
      mappingsSSO: group.mappingsSSO,
      rootRole: group.rootRole,
    })),
    subscriptions: await subscriptionsOf(db, user.id),
    features: [],
    canChangePassword: !user.isService,
  };
}

/** The signed-in user's own views. */
export function createAccountViewService(deps: AccountViewDeps) {
  return {
    me: (caller: Caller) => me(deps, caller),
    profile: (user: UserCaller, hidden: ReadonlySet<string>) => profile(deps, user, hidden),
  };
}
