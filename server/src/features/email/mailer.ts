import nodemailer, { type Transporter } from 'nodemailer';
import type { EmailConfig } from '../../config';
import type { Logger } from '../../lib/logger';
import { type EmailContext, type EmailTemplateName, renderEmail } from './email-templates';

/** Bounds on talking to the SMTP server, so a stuck server never holds a send forever. */
const CONNECTION_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

export interface OutgoingEmail {
  to: string;
  template: EmailTemplateName;
  context: EmailContext;
}

export interface Mailer {
  /** Whether SMTP is configured (EMAIL_HOST). */
  readonly enabled: boolean;
  /**
   * Queues an e-mail and returns at once: called after the request's transaction committed, it
   * never fails or delays the request. A failure is logged (no recipient, no credentials).
   */
  send(email: OutgoingEmail): void;
  /** Waits for the e-mails in flight, then closes the SMTP connections (app close). */
  close(): Promise<void>;
}

/** Delivers through SMTP with nodemailer (a maintained client: TLS, STARTTLS, auth, MIME). */
export function createMailer(config: EmailConfig | null, logger: Pick<Logger, 'info' | 'warn'>): Mailer {
  if (!config) {
    return { enabled: false, send: () => undefined, close: async () => undefined };
  }
  const transport: Transporter = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure,
    ...(config.auth ? { auth: { user: config.auth.user, pass: config.auth.password } } : {}),
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: CONNECTION_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  const inFlight = new Set<Promise<void>>();

  return {
    enabled: true,
    send(email) {
      const rendered = renderEmail(email.template, email.context);
      const delivery: Promise<void> = transport
        .sendMail({
          from: config.sender,
          to: email.to,
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
        })
        .then(
          () => logger.info({ template: email.template }, 'e-mail sent'),
          (error: { code?: string; responseCode?: number; command?: string }) =>
            logger.warn(
              {
                template: email.template,
                code: error.code,
                responseCode: error.responseCode,
                command: error.command,
              },
              'e-mail could not be sent',
            ),
        )
        .finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    },
    async close() {
      await Promise.allSettled([...inFlight]);
      transport.close();
    },
  };
}
