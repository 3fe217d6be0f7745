import type { Logger } from '../../lib/logger';
import type { SsoLoginEvent } from './sso-login-service';

/**
 * The one place told about every successful single sign-on, after the user's `seen_at` is set
 * and before the session is handed out. Login history (another branch's `recordLogin`) is
 * called from here.
 */
export async function onSsoLogin(logger: Logger, event: SsoLoginEvent): Promise<void> {
  logger.info(
    { userId: event.userId, provider: event.provider, created: event.created },
    'signed in through single sign-on',
  );
}
