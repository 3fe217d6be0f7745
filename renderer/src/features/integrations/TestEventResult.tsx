import { Alert, Code, Group, Stack, Text } from '@mantine/core';
import type { AddonTestResult } from '../../../../server/contract';

/**
 * What the receiver answered a test event: delivered or not, its status code, the time it took, the
 * error, and the first 2 KB of its body as the server kept them.
 */
export function TestEventResult({ result }: { result: AddonTestResult }) {
  const title = result.ok
    ? `Delivered: the receiver answered ${result.statusCode ?? 'without a status'}`
    : result.statusCode !== null
      ? `Not delivered: the receiver answered ${result.statusCode}`
      : 'Not delivered: the receiver could not be reached';
  return (
    <Alert
      color={result.ok ? 'green' : 'red'}
      variant="light"
      title={title}
      role="status"
      data-testid="test-event-result"
    >
      <Stack gap="xs">
        <Group gap="lg">
          <Text size="sm">
            Status code: <strong>{result.statusCode ?? '—'}</strong>
          </Text>
          <Text size="sm">
            Took: <strong>{result.durationMs} ms</strong>
          </Text>
        </Group>
        {result.error ? (
          <Text size="sm">
            Error: <strong>{result.error}</strong>
          </Text>
        ) : null}
        {result.responseBody ? (
          <Stack gap={2}>
            <Text size="sm">Response body (first 2 KB):</Text>
            <Code block data-testid="test-event-response-body">
              {result.responseBody}
            </Code>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            The receiver sent no body.
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
