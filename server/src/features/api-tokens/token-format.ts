import { hash, randomBytes } from 'node:crypto';

/**
 * API token secrets (shared/unleash/API.md §4.2): `<projectPart>:<environment>.<56 hex>`, where
 * projectPart is the one project, `*` for all projects or `[]` for several. Pure helpers.
 */

/** Random part: 28 bytes, as Unleash's legacy format. */
const RANDOM_BYTES = 28;
/** Hex characters of the random part shown in lists: 32 bits out of 224, useless to an attacker. */
const VISIBLE_HEX = 8;

export function projectPartOf(projects: readonly string[]): string {
  if (projects.length === 0 || projects.includes('*')) return '*';
  return projects.length === 1 ? (projects[0] as string) : '[]';
}

export interface GeneratedSecret {
  secret: string;
  /** The non-secret handle: everything up to and including the first hex characters. */
  prefix: string;
}

export function generateApiTokenSecret(projects: readonly string[], environment: string): GeneratedSecret {
  const head = `${projectPartOf(projects)}:${environment}.`;
  const random = randomBytes(RANDOM_BYTES).toString('hex');
  return { secret: `${head}${random}`, prefix: `${head}${random.slice(0, VISIBLE_HEX)}` };
}

export interface ParsedSecret {
  projectPart: string;
  environment: string;
}

/** Splits `<projectPart>:<environment>.<rest>`; null when the secret has another shape. */
export function parseApiTokenSecret(secret: string): ParsedSecret | null {
  const match = /^([^:]+):([^.]+)\.(.+)$/s.exec(secret);
  if (!match) return null;
  return { projectPart: match[1] as string, environment: match[2] as string };
}

/**
 * The handle of a token seeded from configuration. Such secrets may be short or guessable, so
 * nothing of the secret is shown: a hash fragment stands in for the visible characters.
 */
export function seededPrefix(secret: string): string {
  const parsed = parseApiTokenSecret(secret);
  const head = parsed ? `${parsed.projectPart}:${parsed.environment}.` : '';
  return `${head}init-${hashSecret(secret).slice(0, VISIBLE_HEX)}`;
}

/**
 * SHA-256 of a secret. A fast hash is right here: API secrets are 224 random bits, so the
 * hash cannot be brute-forced, and authentication on the SDK hot path must stay cheap.
 * Secrets are never compared as strings: they are looked up by this digest, so how long a
 * lookup takes says nothing about how much of a guessed secret was right.
 */
export function hashSecret(secret: string): string {
  // The one-shot form: no Hash object per SDK request.
  return hash('sha256', secret, 'hex');
}
