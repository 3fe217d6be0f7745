// Types of generate-typescript.mjs (plain Node, no build) for the TypeScript tests that import it.
export interface ManifestFlagInput {
  key: string;
  type: 'boolean' | 'string' | 'integer' | 'object';
  description?: string | null;
  defaultValue: unknown;
}
export const SDK_PACKAGES: { server: string; web: string };
export function identifierOf(key: string): string;
export function renderTypescript(
  manifest: { flags: ManifestFlagInput[] },
  options: { project: string; source: string; sdk?: 'server' | 'web' },
): string;
