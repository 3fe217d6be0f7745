import { Text } from '@mantine/core';
import { parseSdkVersion } from '../sdk-version';

/** An SDK's name with its version beside it, or a dash when none registered one. */
export function SdkName({ sdkVersion }: { sdkVersion: string | null | undefined }) {
  if (!sdkVersion) return <>–</>;
  const { name, version } = parseSdkVersion(sdkVersion);
  return (
    <Text span size="sm" title={sdkVersion} data-testid="sdk-name">
      {name}
      {version ? (
        <Text span size="sm" c="dimmed">
          {' '}
          {version}
        </Text>
      ) : null}
    </Text>
  );
}
