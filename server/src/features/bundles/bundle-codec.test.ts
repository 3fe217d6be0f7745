import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Bundle, BundleMetadata, ExportResult } from '../../../contract';
import {
  BundleKeyError,
  canonicalJson,
  checkBundle,
  fingerprintOf,
  parsePrivateKey,
  parsePublicKey,
  privateKeyText,
  publicKeyText,
  signBundle,
} from './bundle-codec';

const file: ExportResult = {
  features: [{ name: 'checkout', type: 'release', description: 'New checkout', impressionData: false }],
  featureStrategies: [
    { name: 'default', featureName: 'checkout', parameters: {}, constraints: [], segments: [] },
  ],
  featureEnvironments: [{ name: 'checkout', featureName: 'checkout', enabled: true, variants: [] }],
  tagTypes: [],
};
const metadata: BundleMetadata = {
  sourceInstanceId: 'instance-1',
  sourceInstanceName: 'staging',
  createdAt: '2026-11-25T23:00:00.000Z',
  author: 'admin',
  environment: 'development',
  selection: 'project: default',
};
const { privateKey } = generateKeyPairSync('ed25519');
const bundle = signBundle(file, metadata, privateKey);

describe('bundle codec (issue 18)', () => {
  it('serialises canonically: keys sorted at every depth, no whitespace, undefined left out', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: null }], c: 'x' }, u: undefined })).toBe(
      '{"a":{"c":"x","d":[3,{"y":null,"z":1}]},"b":1}',
    );
  });

  it('signs and verifies; the hash is the SHA-256 of the canonical bytes', () => {
    expect(bundle.hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(bundle.signature?.fingerprint).toBe(fingerprintOf(parsePublicKey(bundle.signature!.publicKey)));
    expect(checkBundle(bundle)).toMatchObject({
      hashValid: true,
      signed: true,
      signatureValid: true,
      problems: [],
    });
  });

  it('survives pretty-printing and reordered keys (the content, not the layout, is signed)', () => {
    const reordered = JSON.parse(JSON.stringify(bundle, null, 2)) as Bundle;
    const { signature, export: file2, ...rest } = reordered;
    const shuffled = { signature, export: file2, ...rest } as Bundle;
    expect(checkBundle(shuffled).problems).toEqual([]);
  });

  it('one byte changed in the file text: hash and signature both fail', () => {
    const text = JSON.stringify(bundle);
    const at = text.indexOf('New checkout');
    const tampered = JSON.parse(`${text.slice(0, at)}M${text.slice(at + 1)}`) as Bundle;
    const check = checkBundle(tampered);
    expect(check).toMatchObject({ hashValid: false, signatureValid: false });
    expect(check.problems).toHaveLength(2);
  });

  it('a re-hashed tampered bundle still fails on the signature', () => {
    const altered: Bundle = {
      ...bundle,
      export: {
        ...bundle.export,
        featureEnvironments: [{ ...bundle.export.featureEnvironments![0]!, enabled: false }],
      },
    };
    const rehashed = { ...altered, hash: checkBundle(altered).hash };
    expect(checkBundle(rehashed)).toMatchObject({ hashValid: true, signatureValid: false });
  });

  it('a signature swapped for another key’s is recognised as that key’s, and a forged fingerprint is flagged', () => {
    const other = generateKeyPairSync('ed25519').privateKey;
    const resigned = signBundle(file, metadata, other);
    const forged = {
      ...resigned,
      signature: { ...resigned.signature!, fingerprint: bundle.signature!.fingerprint },
    };
    const check = checkBundle(forged);
    expect(check.signerFingerprint).toBe(resigned.signature!.fingerprint);
    expect(check.problems.join(' ')).toContain('fingerprint');
  });

  it('an unsigned bundle says so', () => {
    expect(checkBundle({ ...bundle, signature: null })).toMatchObject({
      signed: false,
      problems: ['The bundle is not signed'],
    });
  });

  it('reads keys as PEM or base64 DER and refuses other kinds of keys', () => {
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(privateKeyText(parsePrivateKey(pem))).toBe(
      privateKeyText(parsePrivateKey(privateKeyText(privateKey))),
    );
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 });
    expect(() => parsePublicKey(publicKeyText(rsa.publicKey))).toThrow(BundleKeyError);
    expect(() => parsePrivateKey('not a key')).toThrow(BundleKeyError);
    expect(() => parsePublicKey('AAAA')).toThrow(BundleKeyError);
  });
});
