import { createHash, createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import {
  BUNDLE_FORMAT,
  BUNDLE_FORMAT_VERSION,
  type Bundle,
  type BundleMetadata,
  type ExportResult,
} from '../../../contract';

/**
 * The bundle's bytes, hash and signature (pure apart from node:crypto). What is signed and
 * hashed is the canonical serialization of `{format, formatVersion, metadata, export}`: JSON
 * with every object's keys sorted by code unit and no whitespace, so the same content gives the
 * same bytes however the file was pretty-printed or re-keyed on the way.
 */

export class BundleKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BundleKeyError';
  }
}

/** JSON with sorted keys and no whitespace; `undefined` members are left out as JSON.stringify does. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, inner]) => inner !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
}

export interface SignedContent {
  format: typeof BUNDLE_FORMAT;
  formatVersion: number;
  metadata: BundleMetadata;
  export: ExportResult;
}

export function canonicalBytes(content: SignedContent): Buffer {
  return Buffer.from(
    canonicalJson({
      format: content.format,
      formatVersion: content.formatVersion,
      metadata: content.metadata,
      export: content.export,
    }),
    'utf8',
  );
}

export const hashOf = (bytes: Buffer): string => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

/** The raw 32 bytes of an Ed25519 public key (the last 32 of its 44-byte SPKI DER). */
function rawPublicKey(key: KeyObject): Buffer {
  const der = key.export({ format: 'der', type: 'spki' });
  return der.subarray(der.length - 32);
}

export const publicKeyText = (key: KeyObject): string =>
  key.export({ format: 'der', type: 'spki' }).toString('base64');

/** `sha256:<hex>` of the raw public key: stable whatever text form the key was given in. */
export const fingerprintOf = (key: KeyObject): string =>
  `sha256:${createHash('sha256').update(rawPublicKey(key)).digest('hex')}`;

/** An Ed25519 public key from base64 SPKI DER or a PEM block; BundleKeyError otherwise. */
export function parsePublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  let key: KeyObject;
  try {
    key = trimmed.startsWith('-----BEGIN')
      ? createPublicKey(trimmed)
      : createPublicKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'spki' });
  } catch {
    throw new BundleKeyError(
      'Not a public key: give base64 SubjectPublicKeyInfo DER or a PEM PUBLIC KEY block',
    );
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new BundleKeyError('Only Ed25519 public keys are accepted');
  return key;
}

/**
 * An Ed25519 private key from PEM (PKCS#8) or base64 PKCS#8 DER: SWITCHYARD_BUNDLE_SIGNING_KEY,
 * the desktop app's keychain entry and the sealed database copy all use one of these.
 */
export function parsePrivateKey(text: string): KeyObject {
  const trimmed = text.trim();
  let key: KeyObject;
  try {
    key = trimmed.startsWith('-----BEGIN')
      ? createPrivateKey(trimmed)
      : createPrivateKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    throw new BundleKeyError('Not a private key: give an Ed25519 key as PKCS#8 PEM or base64 DER');
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new BundleKeyError('The bundle signing key must be Ed25519');
  return key;
}

export const privateKeyText = (key: KeyObject): string =>
  key.export({ format: 'der', type: 'pkcs8' }).toString('base64');

/** A signed bundle of `file` made with `privateKey`. */
export function signBundle(file: ExportResult, metadata: BundleMetadata, privateKey: KeyObject): Bundle {
  const content: SignedContent = {
    format: BUNDLE_FORMAT,
    formatVersion: BUNDLE_FORMAT_VERSION,
    metadata,
    export: file,
  };
  const bytes = canonicalBytes(content);
  const publicKey = createPublicKey(privateKey);
  return {
    ...content,
    hash: hashOf(bytes),
    signature: {
      algorithm: 'ed25519',
      publicKey: publicKeyText(publicKey),
      fingerprint: fingerprintOf(publicKey),
      value: sign(null, bytes, privateKey).toString('base64'),
    },
  };
}

export interface BundleCheck {
  hash: string;
  hashValid: boolean;
  signed: boolean;
  signatureValid: boolean;
  /** The signer's fingerprint recomputed from its public key (never the one the file states). */
  signerFingerprint: string | null;
  signerPublicKey: string | null;
  problems: string[];
}

/** What the bytes themselves say: hash, signature, signer. Trust is decided by the caller. */
export function checkBundle(bundle: Bundle): BundleCheck {
  const problems: string[] = [];
  if (bundle.formatVersion !== BUNDLE_FORMAT_VERSION)
    problems.push(`Unknown bundle format version ${bundle.formatVersion}`);
  const bytes = canonicalBytes(bundle);
  const hash = hashOf(bytes);
  const hashValid = hash === bundle.hash;
  if (!hashValid) problems.push('The bundle hash does not match its content: it was altered');
  if (!bundle.signature) {
    problems.push('The bundle is not signed');
    return {
      hash,
      hashValid,
      signed: false,
      signatureValid: false,
      signerFingerprint: null,
      signerPublicKey: null,
      problems,
    };
  }
  let key: KeyObject;
  try {
    key = parsePublicKey(bundle.signature.publicKey);
  } catch (error) {
    problems.push(`The signer's key is unusable: ${(error as Error).message}`);
    return {
      hash,
      hashValid,
      signed: true,
      signatureValid: false,
      signerFingerprint: null,
      signerPublicKey: null,
      problems,
    };
  }
  const signature = Buffer.from(bundle.signature.value, 'base64');
  let signatureValid = false;
  try {
    signatureValid = signature.length === 64 && verify(null, bytes, key, signature);
  } catch {
    signatureValid = false;
  }
  if (!signatureValid)
    problems.push('The signature does not verify: the bundle was altered or signed by another key');
  const fingerprint = fingerprintOf(key);
  if (bundle.signature.fingerprint !== fingerprint)
    problems.push('The stated signer fingerprint is not the signing key’s');
  return {
    hash,
    hashValid,
    signed: true,
    signatureValid,
    signerFingerprint: fingerprint,
    signerPublicKey: publicKeyText(key),
    problems,
  };
}
