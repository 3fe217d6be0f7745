import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
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

export interface TestSamlIdp {
  entityId: string;
  ssoUrl: string;
  certificate: string;
  next: SamlAnswerShape;
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

function buildResponse(
  entityId: string,
  request: { id: string; acs: string; spEntityId: string },
  shape: SamlAnswerShape,
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
  return `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${instant}" Destination="${escapeXml(request.acs)}" InResponseTo="${escapeXml(request.id)}"><saml:Issuer>${escapeXml(entityId)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status><saml:Assertion ID="${assertionId}" Version="2.0" IssueInstant="${instant}"><saml:Issuer>${escapeXml(entityId)}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escapeXml(shape.email)}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${escapeXml(request.id)}" NotOnOrAfter="${notOnOrAfter}" Recipient="${escapeXml(request.acs)}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${escapeXml(audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${instant}" SessionIndex="_s${randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement><saml:Attribute Name="email"><saml:AttributeValue>${escapeXml(shape.email)}</saml:AttributeValue></saml:Attribute><saml:Attribute Name="groups">${groups}</saml:Attribute></saml:AttributeStatement></saml:Assertion></samlp:Response>`;
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
    certificate: idpKey.cert,
    next: { email: 'someone@example.com' },
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
    if (url.pathname !== '/sso' || !encoded) {
      res.writeHead(404).end();
      return;
    }
    const request = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
    const id = /\sID="([^"]+)"/.exec(request)?.[1] ?? '';
    const acs = /AssertionConsumerServiceURL="([^"]+)"/.exec(request)?.[1] ?? '';
    const spEntityId = /<saml:Issuer[^>]*>([^<]+)<\/saml:Issuer>/.exec(request)?.[1] ?? '';
    const shape = idp.next;
    const signed = signAssertion(
      buildResponse(entityId, { id, acs, spEntityId }, shape),
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
