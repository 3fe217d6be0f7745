import semver from 'semver';

/**
 * The oldest SDK release Unleash does not flag as outdated, per SDK name as SDKs register it
 * (`<name>:<version>`): the same thresholds Unleash uses, under the old `unleash-client-*` names
 * and the `unleash-*-sdk` names SDKs registered with after the rename (issue 31 §5).
 */
export const MINIMUM_SDK_VERSIONS: Readonly<Record<string, string>> = {
  'unleash-client-node': '5.3.2',
  'unleash-client-nextjs': '1.6.2',
  'unleash-client-java': '9.2.0',
  'unleash-client-go': '4.1.0',
  'unleash-client-python': '5.11.0',
  'unleash-client-ruby': '5.0.0',
  'unleash-client-dotnet': '4.1.3',
  'unleash-client-php': '2.3.0',
  'unleash-node-sdk': '6.6.0',
  'unleash-nextjs-sdk': '1.6.2',
  'unleash-java-sdk': '11.0.2',
  'unleash-go-sdk': '5.0.3',
  'unleash-python-sdk': '6.3.0',
  'unleash-ruby-sdk': '6.3.1',
  'unleash-dotnet-sdk': '5.3.0',
  'unleash-php-sdk': '2.9.1',
};

/** Whether `name:version` is a known SDK below its minimum; anything unparsable is not outdated. */
export function isOutdatedSdk(sdkVersion: string | null | undefined): boolean {
  if (!sdkVersion) return false;
  const parts = sdkVersion.split(':');
  if (parts.length !== 2) return false;
  const [name, version] = parts as [string, string];
  const minimum = Object.hasOwn(MINIMUM_SDK_VERSIONS, name) ? MINIMUM_SDK_VERSIONS[name] : undefined;
  return minimum !== undefined && semver.valid(version) !== null && semver.lt(version, minimum);
}
