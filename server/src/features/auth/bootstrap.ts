import { randomBytes } from 'node:crypto';
import { BUILT_IN_ROLE_IDS } from '../../../contract';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { SYSTEM_ACTOR } from '../../lib/caller';
import type { Logger } from '../../lib/logger';
import { isStrongPassword } from '../../lib/password-policy';
import type { ApiTokenService } from '../api-tokens';
import type { UserService } from '../users';
import { lockBootstrap } from './bootstrap-store';

/** Instances starting together take this advisory lock, so only one creates the first user. */

/** A random password that satisfies the policy (the policy's rare repeated-character case retried). */
export function generatePassword(): string {
  for (;;) {
    const candidate = `${randomBytes(18).toString('base64url')}-7Qz`;
    if (isStrongPassword(candidate)) return candidate;
  }
}

/**
 * First start: when no user exists, create the Admin `admin` (name configurable) with the
 * configured password, or a generated one printed once to the log (never a fixed default);
 * then create the API tokens named in configuration. Idempotent, safe with several instances.
 */
export function createBootstrap(deps: {
  db: Db;
  config: Config;
  logger: Logger;
  users: UserService;
  apiTokens: ApiTokenService;
}): () => Promise<void> {
  const { db, config, logger, users, apiTokens } = deps;
  let done = false;
  let running: Promise<void> | undefined;

  async function run(): Promise<void> {
    const configured = config.defaultAdmin.password;
    const password = configured ?? generatePassword();
    const created = await inTransaction(db, async (trx) => {
      await lockBootstrap(trx);
      if ((await users.countIn(trx)) > 0) return false;
      await users.createAccount(
        trx,
        {
          name: null,
          username: config.defaultAdmin.username,
          email: null,
          passwordHash: await users.hashNewPassword(password),
          isService: false,
          // A generated password was written to a log: its owner replaces it at first sign-in.
          passwordChangeRequired: configured === null,
        },
        BUILT_IN_ROLE_IDS.Admin,
        SYSTEM_ACTOR,
      );
      return true;
    });
    if (created && configured === null) {
      // Shown once: the password is in the message, not in a field the redaction would hide.
      logger.warn(
        `Created the first user "${config.defaultAdmin.username}" with the generated password ${password} ` +
          '(shown only now; the first sign-in asks for a new one, or set UNLEASH_DEFAULT_ADMIN_PASSWORD before the first start)',
      );
    } else if (created) {
      logger.info(
        { username: config.defaultAdmin.username },
        'created the first user with the configured password',
      );
    }
    await apiTokens.seed(config.initApiTokens);
  }

  return () => {
    if (done) return Promise.resolve();
    running ??= run().then(
      () => {
        done = true;
      },
      (error) => {
        // Retried by the next caller (the next authenticated request, or login).
        running = undefined;
        throw error;
      },
    );
    return running;
  };
}
