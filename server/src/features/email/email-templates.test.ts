import { describe, expect, it } from 'vitest';
import { EMAIL_TEMPLATES, escapeHtml, renderEmail } from './email-templates';

const context = {
  name: 'Ann',
  link: 'https://flags.example/new-user?token=abc&x=1',
  validFor: '7 days',
  instanceUrl: 'https://flags.example',
};

describe('e-mail templates', () => {
  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it.each(EMAIL_TEMPLATES)('%s: the link in both parts, escaped in HTML', (template) => {
    const rendered = renderEmail(template, context);
    expect(rendered.subject).toMatch(/Switchyard/);
    expect(rendered.text).toContain(context.link);
    expect(rendered.text).toContain('7 days');
    expect(rendered.html).toContain('href="https://flags.example/new-user?token=abc&amp;x=1"');
  });

  it('never makes a non-http link clickable and keeps a name on one line', () => {
    const rendered = renderEmail('reset-password', {
      ...context,
      name: 'Eve\r\nBcc: someone@example.com',
      link: 'javascript:alert(1)',
    });
    expect(rendered.html).not.toContain('href=');
    expect(rendered.html).toContain('javascript:alert(1)');
    expect(rendered.text).toContain('Hello Eve Bcc: someone@example.com,');
  });
});
