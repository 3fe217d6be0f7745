import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import classes from './SecretReveal.module.css';

/** A secret the server shows once: displayed with a copy button and a warning that it will not come back. */
export function SecretReveal({
  secret,
  onDone,
  note = 'This is the only time the secret is shown. The server keeps only a hash of it.',
}: {
  secret: string;
  onDone: () => void;
  /** Why it will not come back (a token's hash, an integration's masked parameter). */
  note?: string;
}) {
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" title="Copy it now" classNames={{ title: classes.title }}>
        <Text size="sm">{note}</Text>
      </Alert>
      <Code block className={classes.secret} data-testid="token-secret">
        {secret}
      </Code>
      <Group justify="space-between">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button color={copied ? 'teal' : 'indigo'} onClick={copy} variant={copied ? 'light' : 'filled'}>
              {copied ? 'Copied' : 'Copy secret'}
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
