import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { as, createUser, login } from '../../../../tests/helpers/identity';
import { createTestApp } from '../../../../tests/helpers/test-app';

interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  raw: string;
}

/** The body of one MIME part of `raw` by content type, transfer encoding undone. */
function part(raw: string, contentType: 'text/plain' | 'text/html'): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  if (!boundary) throw new Error('not a multipart message');
  const found = raw
    .split(`--${boundary}`)
    .find((chunk) => new RegExp(`content-type: ${contentType}`, 'i').test(chunk));
  if (!found) throw new Error(`no ${contentType} part`);
  const separator = found.indexOf('\r\n\r\n');
  const headers = found.slice(0, separator);
  const body = found.slice(separator + 4).replace(/\r\n$/, '');
  if (/content-transfer-encoding: base64/i.test(headers)) return Buffer.from(body, 'base64').toString('utf8');
  if (/content-transfer-encoding: quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(raw)?.[1]?.trim();

/** A real SMTP server on loopback with authentication, collecting what it receives. */
async function startSmtp() {
  const messages: Received[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'smtp-secret')
        callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    messages,
    /** The `count`-th message (1-based), waiting up to 5 s for it. */
    async nth(count: number): Promise<Received> {
      const deadline = Date.now() + 5000;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`only ${messages.length} e-mails arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return messages[count - 1] as Received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('e-mail through SMTP (issue 19)', async () => {
  const smtp = await startSmtp();
  const t = await createTestApp({
    publicUrl: 'http://flags.test',
    loginRateLimitPerMinute: 1000,
    email: {
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      auth: { user: 'mailer', password: 'smtp-secret' },
      sender: 'Flags <flags@example.com>',
    },
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends the invite of a user made without a password: plain and HTML parts, user data escaped', async () => {
    const response = await t.request('POST', '/api/admin/user-admin', {
      email: 'dora@example.com',
      name: '<b>Dora & "Co"</b>',
      rootRole: 'Viewer',
    });
    expect(response.statusCode).toBe(201);
    const { inviteLink, emailSent } = response.json();
    expect(emailSent).toBe(true);
    // The admin still sees the link, as without e-mail.
    expect(inviteLink).toMatch(/^http:\/\/flags\.test\/new-user\?token=[0-9a-f]{64}$/);

    const mail = await smtp.nth(1);
    expect(mail.to).toEqual(['dora@example.com']);
    expect(mail.from).toBe('flags@example.com');
    expect(mail.user).toBe('mailer');
    expect(header(mail.raw, 'Subject')).toBe('Welcome to Switchyard');
    expect(header(mail.raw, 'To')).toBe('dora@example.com');
    expect(header(mail.raw, 'Content-Type')).toMatch(/^multipart\/alternative/);
    const text = part(mail.raw, 'text/plain');
    expect(text).toContain(`Set your password: ${inviteLink}`);
    expect(text).toContain('Hello <b>Dora & "Co"</b>,');
    const html = part(mail.raw, 'text/html');
    expect(html).toContain(`href="${inviteLink}"`);
    expect(html).toContain('Hello &lt;b&gt;Dora &amp; &quot;Co&quot;&lt;/b&gt;,');
    expect(html).not.toContain('<b>Dora');
  });

  it('sends nothing for a user made with a password, or when the admin says not to', async () => {
    const before = smtp.messages.length;
    await createUser(t, { username: 'erin', email: 'erin@example.com', rootRole: 'Viewer' });
    const quiet = await t.request('POST', '/api/admin/user-admin', {
      email: 'quiet@example.com',
      rootRole: 'Viewer',
      sendEmail: false,
    });
    expect(quiet.json()).toMatchObject({
      emailSent: false,
      inviteLink: expect.stringContaining('/new-user?token='),
    });
    // The reset below is the very next e-mail: nothing was sent in between.
    const reset = await t.request('POST', '/api/admin/user-admin/reset-password', { id: 'erin@example.com' });
    expect(reset.statusCode).toBe(200);
    const { resetPasswordUrl } = reset.json();
    const mail = await smtp.nth(before + 1);
    expect(mail.to).toEqual(['erin@example.com']);
    expect(header(mail.raw, 'Subject')).toBe('Switchyard: reset your password');
    expect(part(mail.raw, 'text/plain')).toContain(`Choose a new password: ${resetPasswordUrl}`);
    expect(part(mail.raw, 'text/html')).toContain(`href="${resetPasswordUrl}"`);
  });

  it('answers "forgot password" alike for known and unknown addresses and e-mails a working link to a known one', async () => {
    const before = smtp.messages.length;
    const unknown = await as(t, {}, '10.9.0.1')('POST', '/auth/reset/password-email', {
      email: 'nobody@example.com',
    });
    const known = await as(t, {}, '10.9.0.2')('POST', '/auth/reset/password-email', {
      email: 'ERIN@example.com',
    });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    const mail = await smtp.nth(before + 1);
    expect(mail.to).toEqual(['erin@example.com']);
    const link = /Choose a new password: (\S+)/.exec(part(mail.raw, 'text/plain'))?.[1] ?? '';
    const token = new URL(link).searchParams.get('token');
    const validated = await as(t)('GET', `/auth/reset/validate?token=${token}`);
    expect(validated.statusCode).toBe(200);
    expect(validated.json()).toMatchObject({ email: 'erin@example.com' });
    // Give a stray second e-mail the chance to show up: there is none.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.length).toBe(before + 1);
  });

  it('says e-mail is enabled in the UI config', async () => {
    expect((await t.request('GET', '/api/admin/ui-config')).json().emailEnabled).toBe(true);
  });

  it('previews each template as HTML and as text, for admins only', async () => {
    for (const template of ['reset-password', 'unleash-welcome']) {
      const html = await t.request('GET', `/api/admin/email/preview/html/${template}`);
      expect(html.statusCode).toBe(200);
      expect(html.headers['content-type']).toMatch(/^text\/html/);
      expect(html.body).toContain('Hello Jane Doe,');
      expect(html.body).toContain('href="http://flags.test/reset-password?token=example-token"');
      const text = await t.request('GET', `/api/admin/email/preview/text/${template}`);
      expect(text.headers['content-type']).toMatch(/^text\/plain/);
      expect(text.body).toContain('http://flags.test/reset-password?token=example-token');
    }
    const missing = await t.request('GET', '/api/admin/email/preview/html/no-such-template');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().name).toBe('NotFoundError');
    await createUser(t, { username: 'mail-viewer', rootRole: 'Viewer' });
    const viewer = await login(t, 'mail-viewer');
    expect(
      (await as(t, { cookie: viewer })('GET', '/api/admin/email/preview/text/reset-password')).statusCode,
    ).toBe(403);
  });
});

describe('e-mail with an unreachable SMTP server', async () => {
  // A port nobody listens on: the SMTP server is down.
  const down = await startSmtp();
  const port = down.port;
  await down.close();
  const t = await createTestApp({
    publicUrl: 'http://flags.test',
    email: { host: '127.0.0.1', port, secure: false, auth: null, sender: 'flags@example.com' },
  });
  afterAll(() => t.close());

  it('still creates the user and answers at once; the link stays available to the admin', async () => {
    const started = Date.now();
    const response = await t.request('POST', '/api/admin/user-admin', {
      email: 'fay@example.com',
      rootRole: 'Viewer',
    });
    expect(response.statusCode).toBe(201);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(response.json().inviteLink).toMatch(/\/new-user\?token=/);
    const stored = await t.db
      .selectFrom('users')
      .select('email')
      .where('email', '=', 'fay@example.com')
      .executeTakeFirst();
    expect(stored?.email).toBe('fay@example.com');
  });
});
