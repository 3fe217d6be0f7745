import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * The signature Unleash checks on `POST /edge/issue-token` (Unleash 8.2, edge-hmac-verifier):
 *   Authorization: HMAC <clientId>:<signature>
 *   x-timestamp: a date within 5 minutes of now;  x-nonce: never used before by this client
 *   content-sha256: hex SHA-256 of the JSON body (as re-serialised from the parsed body)
 *   signature = base64url(HMAC-SHA256(key = base64url-decoded client secret,
 *                 "POST\n/edge/issue-token\n<timestamp>\n<nonce>\n<content-sha256>"))
 * Pure: the nonce check and the secret lookup are the caller's.
 */
export const EDGE_CLIENT_ID = 'enterprise-edge';
export const REQUEST_LIFETIME_MS = 5 * 60 * 1000;
const ISSUE_TOKEN_PATH = '/edge/issue-token';

export interface SignedRequest {
  method: string;
  authorization: string | undefined;
  timestamp: string | undefined;
  nonce: string | undefined;
  bodyHash: string | undefined;
  body: unknown;
}

export type SignatureCheck =
  | { ok: true; clientId: string; nonce: string; nonceKeptUntil: Date }
  | { ok: false; error: string; clientId?: string; nonce?: string };

/** The parts a signature is made of, checked for shape, age and body hash (not yet the signature). */
export function readSignedRequest(
  request: SignedRequest,
  now: number,
): SignatureCheck & { signature?: string } {
  const match = /^HMAC ([^:]+):(.+)$/.exec(request.authorization ?? '');
  if (!match) return { ok: false, error: 'Missing HMAC authorization header' };
  const { timestamp, nonce, bodyHash } = request;
  if (!timestamp || !nonce || !bodyHash) return { ok: false, error: 'Missing content headers' };
  const at = Date.parse(timestamp);
  if (!Number.isFinite(at) || Math.abs(now - at) > REQUEST_LIFETIME_MS)
    return { ok: false, error: 'Stale request' };
  if (bodyHashOf(request.body) !== bodyHash) return { ok: false, error: 'Body tampering detected' };
  // The nonce must outlive every moment the timestamp check still passes (`at` may lie ahead of
  // now, and other instances' clocks may run behind ours): kept a lifetime beyond the later of both.
  const nonceKeptUntil = new Date(Math.max(now, at) + 2 * REQUEST_LIFETIME_MS);
  return { ok: true, clientId: match[1] as string, nonce, nonceKeptUntil, signature: match[2] as string };
}

export function bodyHashOf(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(body ?? ''))
    .digest('hex');
}

export function signatureOf(
  secret: string,
  method: string,
  timestamp: string,
  nonce: string,
  bodyHash: string,
): string {
  const canonical = `${method.toUpperCase()}\n${ISSUE_TOKEN_PATH}\n${timestamp}\n${nonce}\n${bodyHash}`;
  return createHmac('sha256', Buffer.from(secret, 'base64url')).update(canonical).digest('base64url');
}

export function signatureMatches(expected: string, provided: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(provided);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Which tokens a request asks for: Unleash keys them by environment and sorted projects (`*` alone). */
export function scopeHash(environment: string, projects: readonly string[]): string {
  const hash = createHash('sha256').update(environment);
  if (projects.includes('*')) hash.update('[*]');
  else for (const project of [...projects].sort()) hash.update(`[${project}]`);
  return hash.digest('base64url');
}

/** AES-256-GCM with a key derived from the Edge client secret: iv (12) | ciphertext | tag (16). */
function keyOf(clientSecret: string): Buffer {
  return createHash('sha256').update(`switchyard-edge-issued-token\0${clientSecret}`).digest();
}

export function encryptIssuedSecret(clientSecret: string, secret: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(clientSecret), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]);
}

/** The secret, or null when it was encrypted under another client secret (then a new one is issued). */
export function decryptIssuedSecret(clientSecret: string, encrypted: Buffer): string | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(clientSecret), encrypted.subarray(0, 12));
    decipher.setAuthTag(encrypted.subarray(encrypted.length - 16));
    return Buffer.concat([
      decipher.update(encrypted.subarray(12, encrypted.length - 16)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}
