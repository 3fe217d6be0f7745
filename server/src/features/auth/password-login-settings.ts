import type { PasswordAuth, SignInMethod } from '../../../contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { AuditActor } from '../../lib/caller';
import { ApiError } from '../../lib/errors';
import { appendEvent } from '../events';
import {
  PASSWORD_SETTING,
  readPasswordLoginDisabled,
  writePasswordLoginDisabled,
} from './password-login-store';

export const PASSWORD_LOGIN_DISABLED =
  'Password login is disabled on this server. Sign in with one of the other methods, or ask an administrator.';

export type PasswordLoginSettings = ReturnType<typeof createPasswordLoginSettings>;

/**
 * Whether people may sign in with a password (issue 20, shared/unleash/API.md §6 "Auth":
 * `/api/admin/auth/simple/settings`). SWITCHYARD_ALLOW_PASSWORD_LOGIN=true (`breakGlass`) keeps
 * the password login working whatever the setting says, so an administrator can always get in.
 */
export function createPasswordLoginSettings(db: Db, options: { baseUriPath: string; breakGlass: boolean }) {
  return {
    async get(): Promise<PasswordAuth> {
      return { disabled: (await readPasswordLoginDisabled(db)).disabled };
    },

    async set(body: PasswordAuth, actor: AuditActor): Promise<PasswordAuth> {
      const disabled = body.disabled === true;
      return inTransaction(db, async (trx) => {
        const before = await readPasswordLoginDisabled(trx);
        await writePasswordLoginDisabled(trx, disabled);
        await appendEvent(trx, {
          type: before.exists ? 'setting-updated' : 'setting-created',
          ...actor,
          data: { id: PASSWORD_SETTING, disabled },
          ...(before.exists ? { preData: { id: PASSWORD_SETTING, disabled: before.disabled } } : {}),
        });
        return { disabled };
      });
    },

    /** Throws 403 when password login is off and the break-glass variable is not set. */
    async assertLoginAllowed(): Promise<void> {
      if (options.breakGlass) return;
      if ((await readPasswordLoginDisabled(db)).disabled)
        throw new ApiError('ForbiddenError', PASSWORD_LOGIN_DISABLED);
    },

    /** The password method for the sign-in screen; `defaultHidden` when it is switched off. */
    async method(): Promise<SignInMethod> {
      const { disabled } = await readPasswordLoginDisabled(db);
      return {
        type: 'password',
        path: `${options.baseUriPath}/auth/simple/login`,
        message: 'Sign in with username and password',
        defaultHidden: disabled,
      };
    },
  };
}
