import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures (issue 16; Unleash does not sign). Header:
 * `Switchyard-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed with the
 * addon's signing secret. Receivers recompute it over the raw body and refuse a timestamp older
 * than {@link SIGNATURE_TOLERANCE_SECONDS} (replays).
 */
export const SIGNATURE_HEADER = 'Switchyard-Signature';
export const DELIVERY_ID_HEADER = 'Switchyard-Delivery-Id';
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function generateSigningSecret(): string {
  return `whsec_${randomBytes(24).toString('hex')}`;
}

function hmac(secret: string, timestamp: number, body: string | Uint8Array): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

export function signatureHeader(secret: string, body: string | Uint8Array, nowSeconds: number): string {
  return `t=${nowSeconds},v1=${hmac(secret, nowSeconds, body)}`;
}

export type SignatureCheck = 'valid' | 'malformed' | 'mismatch' | 'expired';

/** What a receiver does; exported for docs/configuration.md's example and the tests. */
export function verifySignature(
  header: string | undefined,
  secret: string,
  body: string | Uint8Array,
  nowSeconds: number,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): SignatureCheck {
  const parts = new Map(
    (header ?? '').split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1');
  if (!Number.isInteger(timestamp) || !given || !/^[0-9a-f]{64}$/.test(given)) return 'malformed';
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return 'mismatch';
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return 'expired';
  return 'valid';
}
