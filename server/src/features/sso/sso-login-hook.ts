import type { Db } from '../../db/database';
import type { Logger } from '../../lib/logger';
import { recordLogin } from '../login-history';
import type { SsoLoginEvent } from './sso-login-service';

/**
 * The one place told about every successful single sign-on, after the user's `seen_at` is set
 * and before the session is handed out: it goes into the login history (issue 19) as
 * `open-id-connect` or `saml`, as Unleash names them.
 */
export async function onSsoLogin(db: Db, logger: Logger, event: SsoLoginEvent): Promise<void> {
  logger.info(
    { userId: event.userId, provider: event.provider, created: event.created },
    'signed in through single sign-on',
  );
  await recordLogin(db, {
    username: event.email ?? `user ${event.userId}`,
    authType: event.provider === 'oidc' ? 'open-id-connect' : 'saml',
    successful: true,
  });
}
