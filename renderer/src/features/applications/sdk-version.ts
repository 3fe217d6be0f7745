/**
 * An SDK's `sdkVersion` as it registers, `name:version` (e.g. `unleash-node-sdk:6.12.1`), split
 * for display; anything else is kept whole as the name.
 */
export function parseSdkVersion(sdkVersion: string): { name: string; version: string | null } {
  const at = sdkVersion.lastIndexOf(':');
  if (at <= 0 || at === sdkVersion.length - 1) return { name: sdkVersion, version: null };
  return { name: sdkVersion.slice(0, at), version: sdkVersion.slice(at + 1) };
}
