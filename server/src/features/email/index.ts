/** Outgoing e-mail (issue 19). See README.md. */
import type { UserMail } from '../users';
import type { Mailer } from './mailer';

export { emailRoutes } from './email-routes';
export { EMAIL_TEMPLATES, escapeHtml, renderEmail } from './email-templates';
export { createMailer, type Mailer } from './mailer';

/** The users domain's invite and reset e-mails, through `mailer`. */
export function userMailOf(mailer: Mailer): UserMail {
  return {
    enabled: mailer.enabled,
    send: (mail) =>
      mailer.send({
        to: mail.to,
        template: mail.kind === 'invite' ? 'unleash-welcome' : 'reset-password',
        context: {
          name: mail.name || mail.to,
          link: mail.link,
          validFor: mail.validFor,
          instanceUrl: mail.instanceUrl,
        },
      }),
  };
}
