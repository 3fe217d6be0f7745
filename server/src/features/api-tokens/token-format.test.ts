import { describe, expect, it } from 'vitest';
import {
  generateApiTokenSecret,
  hashSecret,
  parseApiTokenSecret,
  projectPartOf,
  seededPrefix,
} from './token-format';

describe('API token secrets', () => {
  it('names the project part as Unleash does: one id, * or []', () => {
    expect(projectPartOf(['default'])).toBe('default');
    expect(projectPartOf(['*'])).toBe('*');
    expect(projectPartOf([])).toBe('*');
    expect(projectPartOf(['a', 'b'])).toBe('[]');
    expect(projectPartOf(['a', '*'])).toBe('*');
  });

  it('generates <project>:<env>.<56 hex> with a prefix of 8 visible hex characters', () => {
    const { secret, prefix } = generateApiTokenSecret(['default'], 'development');
    expect(secret).toMatch(/^default:development\.[0-9a-f]{56}$/);
    expect(prefix).toBe(secret.slice(0, 'default:development.'.length + 8));
    expect(generateApiTokenSecret(['a', 'b'], 'production').secret).toMatch(
      /^\[\]:production\.[0-9a-f]{56}$/,
    );
    expect(generateApiTokenSecret(['default'], 'development').secret).not.toBe(secret);
  });

  it('parses the scope prefix of a secret', () => {
    expect(parseApiTokenSecret('*:*.abc')).toEqual({ projectPart: '*', environment: '*' });
    expect(parseApiTokenSecret('default:production.x.y')).toEqual({
      projectPart: 'default',
      environment: 'production',
    });
    expect(parseApiTokenSecret('user:abc')).toBeNull();
    expect(parseApiTokenSecret('garbage')).toBeNull();
  });

  it('shows nothing of a seeded secret, only a hash fragment', () => {
    const prefix = seededPrefix('*:*.a1');
    expect(prefix).toMatch(/^\*:\*\.init-[0-9a-f]{8}$/);
    expect(prefix).not.toContain('a1');
    expect(seededPrefix('*:*.a1')).toBe(prefix);
    expect(seededPrefix('*:*.a2')).not.toBe(prefix);
  });

  it('hashes with SHA-256', () => {
    const digest = hashSecret('*:*.a1');
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSecret('*:*.a1')).toBe(digest);
    expect(hashSecret('*:*.a2')).not.toBe(digest);
  });
});
