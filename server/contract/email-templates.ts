/**
 * The e-mails the server sends (invitation and password reset), by the names of Unleash's
 * templates: `GET /api/admin/email/preview/{html,text}/{template}` renders one with example values.
 */
export const EMAIL_TEMPLATES = ['reset-password', 'unleash-welcome'] as const;
export type EmailTemplateName = (typeof EMAIL_TEMPLATES)[number];
