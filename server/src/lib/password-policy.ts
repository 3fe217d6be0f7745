/**
 * The password policy Unleash applies (shared/unleash/OBSERVED.md, validation cases): 10 to 128
 * characters, no character repeated three times in a row, and at least one lowercase letter,
 * one uppercase letter, one digit and one other character. Returns every rule broken, in a
 * fixed order; the first one becomes the error message.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) {
    problems.push(`The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`);
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    problems.push(`The password must be fewer than ${PASSWORD_MAX_LENGTH} characters.`);
  }
  if (/(.)\1\1/su.test(password)) {
    problems.push('The password may not contain sequences of three or more repeated characters.');
  }
  if (!/[a-z]/.test(password)) problems.push('The password must contain at least one lowercase letter.');
  if (!/[A-Z]/.test(password)) problems.push('The password must contain at least one uppercase letter.');
  if (!/[0-9]/.test(password)) problems.push('The password must contain at least one number.');
  if (!/[^A-Za-z0-9]/.test(password)) {
    problems.push('The password must contain at least one special character.');
  }
  return problems;
}

export function isStrongPassword(password: string): boolean {
  return passwordProblems(password).length === 0;
}
