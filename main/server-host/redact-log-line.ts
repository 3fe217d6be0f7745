/**
 * Log lines travel to the console over IPC, so obvious credentials are masked
 * here as well as by the server's own logger: Unleash API tokens
 * (`project:env.secret`), personal access tokens (`user:secret`), Authorization
 * header values and passwords inside connection URLs.
 */
const RULES: Array<[RegExp, string]> = [
  [/\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)[^\s@/]+@/gi, '$1[redacted]@'],
  [/("?authorization"?\s*[:=]\s*"?)(?:bearer\s+)?[^\s",}]+/gi, '$1[redacted]'],
  [/((?:\*|[\w-]+):(?:\*|[\w-]+)\.)[a-f0-9]{16,}/gi, '$1[redacted]'],
  [/\buser:[a-f0-9]{16,}/gi, 'user:[redacted]'],
];

export function redactLogLine(line: string): string {
  let result = line;
  for (const [pattern, replacement] of RULES) result = result.replace(pattern, replacement);
  return result;
}
