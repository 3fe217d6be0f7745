import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createSecretBox,
  parseSecretsKey,
  SecretsKeyMissingError,
  SecretUnreadableError,
} from './secret-box';

describe('secret box', () => {
  const key = randomBytes(32);

  it('opens what it sealed, and the sealed form shows nothing of the secret', () => {
    const box = createSecretBox(key);
    const sealed = box.seal('https://hooks.slack.com/services/T0/B0/secret', 'addon:1:url');
    expect(sealed).toMatch(/^sy1\.[0-9a-f]{8}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('secret');
    expect(box.open(sealed, 'addon:1:url')).toBe('https://hooks.slack.com/services/T0/B0/secret');
    expect(box.seal('same', 'c')).not.toBe(box.seal('same', 'c'));
  });

  it('refuses a value moved to another place, altered, or sealed with another key', () => {
    const box = createSecretBox(key);
    const sealed = box.seal('token', 'addon:1:token');
    expect(() => box.open(sealed, 'addon:2:token')).toThrow(SecretUnreadableError);
    const flipped = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}${sealed.slice(-1)}`;
    expect(() => box.open(flipped, 'addon:1:token')).toThrow(SecretUnreadableError);
    expect(() => createSecretBox(randomBytes(32)).open(sealed, 'addon:1:token')).toThrow(
      /another SECRETS_ENCRYPTION_KEY/,
    );
    expect(() => box.open('plain text', '')).toThrow(/not a sealed secret/);
  });

  it('without a key says how to configure one instead of storing secrets in clear', () => {
    const box = createSecretBox(null);
    expect(box.available).toBe(false);
    expect(() => box.seal('x')).toThrow(SecretsKeyMissingError);
    expect(() => box.seal('x')).toThrow(/openssl rand -hex 32/);
  });

  it('reads the key as hex or base64 and refuses anything else', () => {
    expect(parseSecretsKey(undefined)).toBeNull();
    expect(parseSecretsKey('  ')).toBeNull();
    expect(parseSecretsKey(key.toString('hex'))?.equals(key)).toBe(true);
    expect(parseSecretsKey(key.toString('base64'))?.equals(key)).toBe(true);
    expect(() => parseSecretsKey('too-short')).toThrow(/32 bytes/);
    expect(() => parseSecretsKey(randomBytes(16).toString('hex'))).toThrow(/32 bytes/);
  });
});
