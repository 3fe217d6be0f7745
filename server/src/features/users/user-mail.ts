/** What the users domain hands to e-mail delivery (the email domain implements it). */

/** An invite or reset link for a user, to be e-mailed. */
export interface UserLinkMail {
  kind: 'invite' | 'password-reset';
  to: string;
  name: string | null;
  link: string;
  /** How long the link works, in words. */
  validFor: string;
  instanceUrl: string;
}

export interface UserMail {
  readonly enabled: boolean;
  /** Queues the e-mail; never throws and never waits for the SMTP server. */
  send(mail: UserLinkMail): void;
}
