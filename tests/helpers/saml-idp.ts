import { execFileSync } from 'node:child_process';
import { randomUUID, sign, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';

/**
 * A SAML 2.0 identity provider on 127.0.0.1 for tests: it takes the SP's AuthnRequest (HTTP
 * redirect binding), and answers with the auto-posting form an IdP sends, whose Response holds an
 * assertion signed by `xml-crypto` (the signing library node-saml itself verifies with).
 * `next` shapes the next answer: another signing key, an expired assertion, another audience, a
 * fixed assertion id (for replays).
 */
export interface SamlAnswerShape {
  email: string;
  groups?: string[];
  signWith?: 'idp' | 'stranger';
  expired?: boolean;
  audience?: string;
  assertionId?: string;
}

/** A LogoutRequest the IdP received on its single logout endpoint. */
export interface ReceivedLogoutRequest {
  nameId: string;
  sessionIndex: string | undefined;
  issuer: string;
  /** Whether it carried a redirect-binding signature, and whether that verified against `spCertificate`. */
  signed: boolean;
  signatureValid: boolean;
}

export interface TestSamlIdp {
  entityId: string;
  ssoUrl: string;
  /** The IdP's single logout endpoint (HTTP-Redirect binding). */
  sloUrl: string;
  certificate: string;
  next: SamlAnswerShape;
  /**
   * The SP's signing certificate: when set, AuthnRequests and LogoutRequests must carry a valid
   * redirect-binding signature (SAML bindings §3.4.4.1), or the IdP answers 403.
   */
  spCertificate: string | undefined;
  /** Where the IdP sends its LogoutResponse (the SP's SingleLogoutService). */
  spLogoutUrl: string | undefined;
  /** The SessionIndex each sign-in got, by e-mail, so a test can match its LogoutRequest. */
  sessionIndexes: Map<string, string>;
  logoutRequests: ReceivedLogoutRequest[];
  /** When true the IdP answers a LogoutRequest on the HTTP-POST binding: a form with a signed LogoutResponse. */
  postLogoutResponse: boolean;
  /** An IdP-initiated LogoutRequest for the HTTP-POST binding (base64), signed unless `signed` is false. */
  logoutRequest(email: string, options?: { signed?: boolean; id?: string }): string;
  /**
   * The query string of an IdP-initiated LogoutRequest on the HTTP-Redirect binding: deflated, with
   * the binding's signature over SAMLRequest, RelayState and SigAlg (SAML bindings §3.4.4.1).
   */
  logoutRedirectQuery(email: string, options: { id: string; relayState?: string }): string;
  /** The form the IdP answered with, for the test to post as the browser would. */
  answer(authorizeUrl: string): Promise<{ SAMLResponse: string; RelayState: string; action: string }>;
  close(): Promise<void>;
}

export function selfSignedCertificate(commonName: string): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'saml-idp-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        `/CN=${commonName}`,
        '-days',
        '2',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Checks the redirect-binding signature over the raw query parameters, in the order the spec fixes. */
function redirectSignature(rawQuery: string, certificate: string | undefined) {
  const params = rawQuery.split('&');
  const raw = (name: string) => params.find((part) => part.startsWith(`${name}=`));
  const signature = raw('Signature');
  if (!signature) return { signed: false, valid: false };
  const signedText = ['SAMLRequest', 'RelayState', 'SigAlg']
    .map(raw)
    .filter((part): part is string => part !== undefined)
    .join('&');
  const sigAlg = decodeURIComponent(raw('SigAlg')?.slice('SigAlg='.length) ?? '');
  const valid =
    certificate !== undefined &&
    sigAlg === 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256' &&
    verify(
      'sha256',
      Buffer.from(signedText),
      certificate,
      Buffer.from(decodeURIComponent(signature.slice('Signature='.length)), 'base64'),
    );
  return { signed: true, valid };
}

function buildResponse(
  entityId: string,
  request: { id: string; acs: string; spEntityId: string },
  shape: SamlAnswerShape,
  sessionIndex: string,
) {
  const now = Date.now();
  const instant = new Date(now).toISOString();
  const notBefore = new Date(shape.expired ? now - 2 * 3600_000 : now - 60_000).toISOString();
  const notOnOrAfter = new Date(shape.expired ? now - 3600_000 : now + 5 * 60_000).toISOString();
  const assertionId = shape.assertionId ?? `_a${randomUUID()}`;
  const audience = shape.audience ?? request.spEntityId;
  const groups = (shape.groups ?? [])
    .map((group) => `<saml:AttributeValue>${escapeXml(group)}</saml:AttributeValue>`)
    .join('');
  return `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${instant}" Destination="${escapeXml(request.acs)}" InResponseTo="${escapeXml(request.id)}"><saml:Issuer>${escapeXml(entityId)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status><saml:Assertion ID="${assertionId}" Version="2.0" IssueInstant="${instant}"><saml:Issuer>${escapeXml(entityId)}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escapeXml(shape.email)}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${escapeXml(request.id)}" NotOnOrAfter="${notOnOrAfter}" Recipient="${escapeXml(request.acs)}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${escapeXml(audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${instant}" SessionIndex="${sessionIndex}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement><saml:Attribute Name="email"><saml:AttributeValue>${escapeXml(shape.email)}</saml:AttributeValue></saml:Attribute><saml:Attribute Name="groups">${groups}</saml:Attribute></saml:AttributeStatement></saml:Assertion></samlp:Response>`;
}

function signAssertion(xml: string, key: { key: string; cert: string }): string {
  const signer = new SignedXml({
    privateKey: key.key,
    publicCert: key.cert,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signer.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signer.computeSignature(xml, {
    prefix: 'ds',
    location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
  });
  return signer.getSignedXml();
}

/** An enveloped signature over the whole message (HTTP-POST binding of LogoutRequest/Response). */
function signDocument(xml: string, key: { key: string; cert: string }): string {
  const signer = new SignedXml({
    privateKey: key.key,
    publicCert: key.cert,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signer.addReference({
    xpath: '/*',
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signer.computeSignature(xml, {
    prefix: 'ds',
    location: { reference: "/*/*[local-name(.)='Issuer']", action: 'after' },
  });
  return signer.getSignedXml();
}

export async function startTestSamlIdp(): Promise<TestSamlIdp> {
  const idpKey = selfSignedCertificate('test-idp');
  const strangerKey = selfSignedCertificate('stranger');
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${origin}/metadata`;
  const idp: TestSamlIdp = {
    entityId,
    ssoUrl: `${origin}/sso`,
    sloUrl: `${origin}/slo`,
    certificate: idpKey.cert,
    next: { email: 'someone@example.com' },
    spCertificate: undefined,
    spLogoutUrl: undefined,
    sessionIndexes: new Map(),
    logoutRequests: [],
    postLogoutResponse: false,
    logoutRequest(email, { signed = true, id = `_i${randomUUID()}` } = {}) {
      const sessionIndex = idp.sessionIndexes.get(email);
      const xml = `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${escapeXml(id)}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${escapeXml(idp.spLogoutUrl ?? '')}"><saml:Issuer>${escapeXml(entityId)}</saml:Issuer><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escapeXml(email)}</saml:NameID>${sessionIndex ? `<samlp:SessionIndex>${escapeXml(sessionIndex)}</samlp:SessionIndex>` : ''}</samlp:LogoutRequest>`;
      return Buffer.from(signed ? signDocument(xml, idpKey) : xml).toString('base64');
    },
    logoutRedirectQuery(email, { id, relayState }) {
      const xml = Buffer.from(idp.logoutRequest(email, { signed: false, id }), 'base64');
      const parts = [
        `SAMLRequest=${encodeURIComponent(deflateRawSync(xml).toString('base64'))}`,
        ...(relayState === undefined ? [] : [`RelayState=${encodeURIComponent(relayState)}`]),
        `SigAlg=${encodeURIComponent('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256')}`,
      ];
      const signature = sign('sha256', Buffer.from(parts.join('&')), idpKey.key).toString('base64');
      return `${parts.join('&')}&Signature=${encodeURIComponent(signature)}`;
    },
    async answer(authorizeUrl) {
      const response = await fetch(authorizeUrl);
      const html = await response.text();
      const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
      return {
        action: /action="([^"]+)"/.exec(html)?.[1] ?? '',
        SAMLResponse: field('SAMLResponse'),
        RelayState: field('RelayState')
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, '&'),
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const encoded = url.searchParams.get('SAMLRequest');
    if ((url.pathname !== '/sso' && url.pathname !== '/slo') || !encoded) {
      res.writeHead(404).end();
      return;
    }
    const request = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
    const signature = redirectSignature(url.search.slice(1), idp.spCertificate);
    if (idp.spCertificate && !signature.valid) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('The request signature is missing or invalid');
      return;
    }
    if (url.pathname === '/slo') {
      const requestId = /\sID="([^"]+)"/.exec(request)?.[1] ?? '';
      idp.logoutRequests.push({
        nameId: /<saml:NameID[^>]*>([^<]+)<\/saml:NameID>/.exec(request)?.[1] ?? '',
        sessionIndex: /<saml2p:SessionIndex[^>]*>([^<]+)</.exec(request)?.[1],
        issuer: /<saml:Issuer[^>]*>([^<]+)<\/saml:Issuer>/.exec(request)?.[1] ?? '',
        signed: signature.signed,
        signatureValid: signature.valid,
      });
      const logoutResponse = `<samlp:LogoutResponse xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_l${randomUUID()}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${escapeXml(idp.spLogoutUrl ?? '')}" InResponseTo="${escapeXml(requestId)}"><saml:Issuer>${escapeXml(entityId)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status></samlp:LogoutResponse>`;
      if (idp.postLogoutResponse) {
        const signedResponse = Buffer.from(signDocument(logoutResponse, idpKey)).toString('base64');
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            `<html><body><form method="post" action="${escapeXml(idp.spLogoutUrl ?? '')}"><input type="hidden" name="SAMLResponse" value="${signedResponse}"/></form></body></html>`,
          );
        return;
      }
      const back = new URL(idp.spLogoutUrl ?? origin);
      back.searchParams.set('SAMLResponse', deflateRawSync(logoutResponse).toString('base64'));
      res.writeHead(302, { location: back.href }).end();
      return;
    }
    const id = /\sID="([^"]+)"/.exec(request)?.[1] ?? '';
    const acs = /AssertionConsumerServiceURL="([^"]+)"/.exec(request)?.[1] ?? '';
    const spEntityId = /<saml:Issuer[^>]*>([^<]+)<\/saml:Issuer>/.exec(request)?.[1] ?? '';
    const shape = idp.next;
    const sessionIndex = `_s${randomUUID()}`;
    idp.sessionIndexes.set(shape.email, sessionIndex);
    const signed = signAssertion(
      buildResponse(entityId, { id, acs, spEntityId }, shape, sessionIndex),
      shape.signWith === 'stranger' ? strangerKey : idpKey,
    );
    const relayState = escapeXml(url.searchParams.get('RelayState') ?? '');
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(
        `<html><body><form method="post" action="${escapeXml(acs)}"><input type="hidden" name="SAMLResponse" value="${Buffer.from(signed).toString('base64')}"/><input type="hidden" name="RelayState" value="${relayState}"/></form></body></html>`,
      );
  });
  return idp;
}
