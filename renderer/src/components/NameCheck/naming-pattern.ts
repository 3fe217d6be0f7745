import { RE2JS } from 're2js';
import type { FeatureNaming } from '../../../../server/contract';

/**
 * The project's flag naming pattern, checked in the console as the server checks it: the whole
 * name must match, compiled with re2js (linear time, the server's engine), so what passes here
 * passes there. Returns null when there is no pattern or it does not compile (the server decides).
 */
export function compileNamingPattern(pattern: string | null | undefined): RE2JS | null {
  if (!pattern) return null;
  try {
    return RE2JS.compile(`^(?:${pattern})$`);
  } catch {
    return null;
  }
}

/** Whether a pattern is a valid regular expression for the settings form. */
export function namingPatternError(pattern: string): string | undefined {
  if (!pattern) return undefined;
  return compileNamingPattern(pattern) ? undefined : 'Not a valid regular expression';
}

/** Why a flag name breaks the project's naming pattern, or undefined when it does not. */
export function namingMismatch(name: string, naming: FeatureNaming | null | undefined): string | undefined {
  const regex = compileNamingPattern(naming?.pattern);
  if (!regex || !name || regex.matches(name)) return undefined;
  const example = naming?.example ? ` (for example "${naming.example}")` : '';
  return `The name does not match the project's naming pattern "${naming?.pattern}"${example}`;
}
