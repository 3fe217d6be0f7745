/**
 * The e-mails Switchyard sends, each as plain text and HTML (issue 19). Pure: no I/O. Every value
 * from outside (names, links) is HTML-escaped in the HTML part. Template names are Unleash's
 * (`reset-password`, `unleash-welcome`), so its preview paths answer for the same names.
 */

import { EMAIL_TEMPLATES, type EmailTemplateName } from '../../../contract/email-templates';

export { EMAIL_TEMPLATES, type EmailTemplateName };

export interface EmailContext {
  /** The recipient's name, or their e-mail address when they have none. */
  name: string;
  /** The single-use link: set a new password, or accept the invitation. */
  link: string;
  /** How long the link works, in words ("24 hours"). */
  validFor: string;
  /** The instance's own address, for the footer. */
  instanceUrl: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Only http(s) links become clickable; anything else is shown as text. */
function safeHref(link: string): string | null {
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** A name on one line: a header-like value never carries a line break into the text. */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

interface Layout {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action: string;
  after: string;
}

function layoutOf(template: EmailTemplateName, context: EmailContext): Layout {
  const name = oneLine(context.name) || 'there';
  if (template === 'reset-password') {
    return {
      subject: 'Switchyard: reset your password',
      greeting: `Hello ${name},`,
      paragraphs: [
        'Someone asked to reset the password of your Switchyard account. If it was you, choose a new password through the link below.',
      ],
      action: 'Choose a new password',
      after: `The link works once and for ${context.validFor}. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
    };
  }
  return {
    subject: 'Welcome to Switchyard',
    greeting: `Hello ${name},`,
    paragraphs: [
      'An administrator created a Switchyard account for you. Set your password through the link below, then sign in to manage feature flags.',
    ],
    action: 'Set your password',
    after: `The link works once and for ${context.validFor}.`,
  };
}

export function renderEmail(template: EmailTemplateName, context: EmailContext): RenderedEmail {
  const layout = layoutOf(template, context);
  const text = [
    layout.greeting,
    '',
    ...layout.paragraphs,
    '',
    `${layout.action}: ${context.link}`,
    '',
    layout.after,
    '',
    `-- Switchyard at ${context.instanceUrl}`,
    '',
  ].join('\n');
  const href = safeHref(context.link);
  const action = href
    ? `<p><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 16px;background:#1c5fd4;color:#ffffff;border-radius:4px;text-decoration:none">${escapeHtml(layout.action)}</a></p>
<p style="font-size:13px;color:#555555">Or paste this address into your browser: ${escapeHtml(href)}</p>`
    : `<p>${escapeHtml(layout.action)}: ${escapeHtml(context.link)}</p>`;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(layout.subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1a1a1a;line-height:1.5">
<p>${escapeHtml(layout.greeting)}</p>
${layout.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${action}
<p>${escapeHtml(layout.after)}</p>
<p style="font-size:13px;color:#555555">Switchyard at ${escapeHtml(context.instanceUrl)}</p>
</body>
</html>
`;
  return { subject: layout.subject, text, html };
}

/** What the preview routes render: an example recipient and link. */
export function previewContext(instanceUrl: string): EmailContext {
  return {
    name: 'Jane Doe',
    link: `${instanceUrl}/reset-password?token=example-token`,
    validFor: '24 hours',
    instanceUrl,
  };
}

export const isEmailTemplate = (name: string): name is EmailTemplateName =>
  (EMAIL_TEMPLATES as readonly string[]).includes(name);
