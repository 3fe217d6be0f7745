// Types of code-refs.mjs (plain Node, no build) for the TypeScript tests that import it.
export interface ScannedReference {
  flag: string;
  path: string;
  line: number;
  kind: string;
  context: string[];
  lastChangedAt?: string | null;
}
export const SCAN_LIMITS: {
  maxFileBytes: number;
  contextLines: number;
  contextLineChars: number;
  referencesPerFlag: number;
  referencesPerScan: number;
};
export function callKindOf(line: string): string;
export function flagsInLine(line: string, names: Set<string>, aliases: Map<string, string>): Set<string>;
export function referencesInText(
  path: string,
  text: string,
  names: Set<string>,
  aliases: Map<string, string>,
): ScannedReference[];
export function scanRepository(
  dir: string,
  flagNames: string[],
  options?: { aliases?: Record<string, string>; name?: string; blame?: boolean },
): Promise<{
  repository: { name: string; branch: string | null; commit: string | null; url: string | null };
  references: ScannedReference[];
  stats: { files: number; skipped: number; dropped: number; ms: number };
}>;
