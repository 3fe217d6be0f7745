import bcrypt from 'bcryptjs';
import { ApiError } from '../../lib/errors';
import { passwordProblems } from '../../lib/password-policy';

/**
 * Passwords are stored as bcrypt hashes (a deliberately slow hash: unlike API secrets they are
 * low-entropy and must resist guessing if the database leaks). Never logged.
 */
const ROUNDS = 10;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, ROUNDS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Compares a password with a stored hash. Without a stored hash (no such user, or a user
 * without a password) it still spends the time of one comparison, so response times do not
 * reveal which usernames exist.
 */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (hash) return bcrypt.compare(password, hash);
  dummyHash ??= bcrypt.hash('switchyard-no-such-user', ROUNDS);
  await bcrypt.compare(password, await dummyHash);
  return false;
}

/** 400 OwaspValidationError listing every broken rule, as Unleash answers (OBSERVED.md). */
export function assertStrongPassword(password: string): void {
  const problems = passwordProblems(password);
  if (problems.length === 0) return;
  throw new ApiError('OwaspValidationError', problems[0] as string, {
    details: [{ message: problems[0] as string, validationErrors: problems }],
  });
}

/** Checks a new password against the policy (400) and hashes it; do it before a transaction. */
export async function newPasswordHash(password: string): Promise<string> {
  assertStrongPassword(password);
  return hashPassword(password);
}
