import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A link to hand to someone (an invite, a password reset), shown with a copy button. */
export function LinkReveal({
  link,
  title = 'Copy the link now',
  children,
  onDone,
}: {
  link: string;
  title?: string;
  children: ReactNode;
  onDone: () => void;
}) {
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" title={title}>
        <Text size="sm">{children}</Text>
      </Alert>
      <Code block data-testid="revealed-link">
        {link}
      </Code>
      <Group justify="space-between">
        <CopyButton value={link}>
          {({ copied, copy }) => (
            <Button color={copied ? 'teal' : 'indigo'} variant={copied ? 'light' : 'filled'} onClick={copy}>
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={onDone}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
