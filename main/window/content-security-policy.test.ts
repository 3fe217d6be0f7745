import type { HeadersReceivedResponse, OnHeadersReceivedListenerDetails } from 'electron';
import { describe, expect, it } from 'vitest';
import {
  buildContentSecurityPolicy,
  type HeadersReceivedSession,
  installContentSecurityPolicy,
} from './content-security-policy';

type Listener = (
  details: OnHeadersReceivedListenerDetails,
  callback: (response: HeadersReceivedResponse) => void,
) => void;

class FakeSession implements HeadersReceivedSession {
  listener: Listener | null = null;
  webRequest = {
    onHeadersReceived: ((listener: Listener | null) => {
      this.listener = listener;
    }) as HeadersReceivedSession['webRequest']['onHeadersReceived'],
  };

  respond(responseHeaders: Record<string, string[]>): HeadersReceivedResponse {
    let result: HeadersReceivedResponse | undefined;
    this.listener?.(
      {
        id: 1,
        url: 'http://127.0.0.1:4242/',
        method: 'GET',
        resourceType: 'mainFrame',
        referrer: '',
        timestamp: 0,
        statusLine: 'HTTP/1.1 200 OK',
        statusCode: 200,
        responseHeaders,
      },
      (response) => {
        result = response;
      },
    );
    if (result === undefined) throw new Error('callback was not called');
    return result;
  }
}

describe('buildContentSecurityPolicy', () => {
  it('allows scripts from the app origin only', () => {
    expect(buildContentSecurityPolicy()).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
        "font-src 'self'; connect-src 'self'; manifest-src 'self'; worker-src 'none'; frame-src 'none'; " +
        "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
  });

  it('adds extra connect origins reduced to their origin', () => {
    const policy = buildContentSecurityPolicy({ connectOrigins: ['https://flags.example.com/api/admin'] });
    expect(policy).toContain("connect-src 'self' https://flags.example.com;");
  });

  it('rejects non-http connect origins', () => {
    expect(() => buildContentSecurityPolicy({ connectOrigins: ['javascript:alert(1)'] })).toThrow(TypeError);
  });
});

describe('installContentSecurityPolicy', () => {
  it('replaces any CSP the server sent and keeps other headers', () => {
    const session = new FakeSession();
    installContentSecurityPolicy(session, "default-src 'none'");
    const response = session.respond({
      'content-type': ['text/html'],
      'content-security-policy': ["script-src 'unsafe-eval'"],
      'Content-Security-Policy-Report-Only': ['default-src *'],
    });
    expect(response.responseHeaders).toEqual({
      'content-type': ['text/html'],
      'Content-Security-Policy': ["default-src 'none'"],
      'X-Content-Type-Options': ['nosniff'],
    });
  });

  it('reads a policy function on every response, so later changes apply to pages loaded after them', () => {
    const session = new FakeSession();
    let policy = "connect-src 'self'";
    installContentSecurityPolicy(session, () => policy);
    expect(session.respond({}).responseHeaders?.['Content-Security-Policy']).toEqual(["connect-src 'self'"]);
    policy = "connect-src 'self' https://flags.example.com";
    expect(session.respond({}).responseHeaders?.['Content-Security-Policy']).toEqual([policy]);
  });

  it('adds the CSP when the response had no headers', () => {
    const session = new FakeSession();
    installContentSecurityPolicy(session, "default-src 'none'");
    expect(session.respond({}).responseHeaders?.['Content-Security-Policy']).toEqual(["default-src 'none'"]);
  });
});
