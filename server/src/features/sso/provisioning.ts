import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import { type AuditActor, SYSTEM_ACTOR } from '../../lib/caller';
import { addGroupMembers, groupIdsOfUser, removeGroupMembers } from '../access';
import { appendEvent } from '../events';
import type { GroupService } from '../groups';
import type { UserService } from '../users';
import { emailDomainAllowed, planGroupSync } from './sso-rules';

/** Why a sign-in was refused; shown on the login page, never a 5xx. */
export class SsoRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SsoRefusal';
  }
}

export interface SsoIdentity {
  provider: 'oidc' | 'saml';
  email: string | undefined;
  name: string | undefined;
  /** The groups the identity provider lists; undefined when it sends none. */
  groups: string[] | undefined;
}

export interface ProvisioningPolicy {
  autoCreate?: boolean;
  defaultRootRoleId?: number;
  emailDomains?: string;
  enableGroupSyncing?: boolean;
}

const VIEWER_ROLE_ID = 3;

/**
 * Who a verified identity is here: the user with that e-mail, created with the default root role
 * when auto-create is on, and, with group syncing, added to the groups whose `mappingsSSO` name
 * one of the identity's groups and removed from mapped groups it no longer names. Shared by OIDC
 * and SAML; one transaction with its events.
 */
export function createProvisioning(db: Db, deps: { users: UserService; groups: GroupService }) {
  async function syncGroups(trx: Queryable, userId: number, claimGroups: string[], actor: AuditActor) {
    const groups = await deps.groups.list();
    const current = new Set(await groupIdsOfUser(trx, userId));
    const plan = planGroupSync(
      groups.map((group) => ({ id: group.id ?? 0, mappingsSSO: group.mappingsSSO ?? [] })),
      current,
      claimGroups,
    );
    for (const groupId of plan.add) {
      await addGroupMembers(trx, groupId, [userId], actor.createdBy);
      await appendEvent(trx, { type: 'group-user-added', ...actor, data: { groupId, userId } });
    }
    for (const groupId of plan.remove) {
      await removeGroupMembers(trx, groupId, [userId]);
      await appendEvent(trx, { type: 'group-user-removed', ...actor, data: { groupId, userId } });
    }
  }

  return {
    async provision(
      identity: SsoIdentity,
      policy: ProvisioningPolicy,
    ): Promise<{ userId: number; created: boolean }> {
      const email = identity.email?.trim().toLowerCase();
      if (!email) throw new SsoRefusal('The identity provider did not send an e-mail address.');
      if (!emailDomainAllowed(email, policy.emailDomains)) {
        throw new SsoRefusal(`Sign-in is not allowed for the e-mail domain of ${email}.`);
      }
      const actor: AuditActor = { ...SYSTEM_ACTOR, createdBy: `sso:${identity.provider}` };
      return inTransaction(db, async (trx) => {
        let user = await deps.users.findByLogin(trx, email);
        let created = false;
        if (!user) {
          if (!policy.autoCreate) {
            throw new SsoRefusal(`No user with the e-mail ${email} exists, and automatic creation is off.`);
          }
          user = await deps.users.createAccount(
            trx,
            { name: identity.name ?? null, username: null, email, passwordHash: null, isService: false },
            policy.defaultRootRoleId ?? VIEWER_ROLE_ID,
            actor,
          );
          created = true;
        }
        if (user.isService) throw new SsoRefusal('Service accounts cannot sign in.');
        if (policy.enableGroupSyncing && identity.groups)
          await syncGroups(trx, user.id, identity.groups, actor);
        return { userId: user.id, created };
      });
    },
  };
}
export type Provisioning = ReturnType<typeof createProvisioning>;
