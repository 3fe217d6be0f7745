import { Alert, Button, Code, Stack, Text } from '@mantine/core';
import { Component, type ReactNode } from 'react';

interface Props {
  /** Told once per caught error: the shell posts it to POST /api/admin/record-ui-error. */
  onError(message: string, stack: string | undefined): void;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * Catches a screen that fails to render, so the rest of the console (navigation, other screens)
 * keeps working, and reports the failure to the server for administrators (issue 19).
 */
export class ScreenErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: { componentStack?: string | null }): void {
    const failure = error instanceof Error ? error : new Error(String(error));
    const stack = [failure.stack, info.componentStack].filter(Boolean).join('\n');
    this.props.onError(failure.message || failure.name, stack || undefined);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Alert color="red" title="This screen failed" role="alert">
        <Stack gap="xs">
          <Text size="sm">
            Something in the console went wrong while showing this screen. The error was reported to the
            server's administrators.
          </Text>
          <Code block>{error.message}</Code>
          <div>
            <Button size="xs" variant="light" onClick={() => this.setState({ error: null })}>
              Try again
            </Button>
          </div>
        </Stack>
      </Alert>
    );
  }
}
