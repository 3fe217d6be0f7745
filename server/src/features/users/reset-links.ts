import type { Db } from '../../db/database';
import type { AuditActor } from '../../lib/caller';
import { notFound } from '../../lib/errors';
import { createResetToken } from './reset-token-store';
import type { UserMail } from './user-mail';
import { findByLogin, getUser } from './user-store';

const RESET_LINK_TTL_MS = 24 * 3600 * 1000;
const RESET_LINK_VALID_FOR = '24 hours';

/** Password-reset links: made for an admin, and e-mailed when `mail` is there (EMAIL_HOST). */
export function createResetLinks(db: Db, mail: UserMail | undefined) {
  return {
    /**
     * A reset link for a user named by e-mail, username or id; handed to the admin who asked and,
     * with e-mail configured, sent to the user too.
     */
    async createResetLink(login: string, actor: AuditActor, publicUrl: string): Promise<string> {
      const user = /^\d+$/.test(login) ? await getUser(db, Number(login)) : await findByLogin(db, login);
      if (!user || user.isService) throw notFound('No user found');
      const token = await createResetToken(db, user.id, actor.createdBy, RESET_LINK_TTL_MS);
      const link = `${publicUrl}/reset-password?token=${token}`;
      if (mail && user.email) {
        mail.send({
          kind: 'password-reset',
          to: user.email,
          name: user.name,
          link,
          validFor: RESET_LINK_VALID_FOR,
          instanceUrl: publicUrl,
        });
      }
      return link;
    },

    /**
     * "Forgot password" (`POST /auth/reset/password-email`): with e-mail configured, a person
     * with this address gets a reset link. The caller learns nothing either way.
     */
    async requestPasswordReset(email: string, publicUrl: string): Promise<'sent' | 'no-user' | 'no-email'> {
      if (!mail) return 'no-email';
      const user = await findByLogin(db, email);
      if (!user || user.isService || !user.email || user.email.toLowerCase() !== email.trim().toLowerCase()) {
        return 'no-user';
      }
      const token = await createResetToken(db, user.id, 'password-reset-request', RESET_LINK_TTL_MS);
      mail.send({
        kind: 'password-reset',
        to: user.email,
        name: user.name,
        link: `${publicUrl}/reset-password?token=${token}`,
        validFor: RESET_LINK_VALID_FOR,
        instanceUrl: publicUrl,
      });
      return 'sent';
    },
  };
}
