import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { SignedOutLayout } from './SignedOutLayout';
import { useSignedOutApi } from './use-signed-out-api';

/**
 * `/forgotten-password`: asks the server to mail a reset link (`POST /auth/reset/password-email`).
 * The answer is the same whether or not the address is known, and whether or not the server has
 * SMTP configured (EMAIL_HOST), so the page also says what to do when no e-mail arrives.
 */
export function ForgottenPasswordPage() {
  const api = useSignedOutApi();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api.requestResetEmail(email.trim());
      setSent(true);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <SignedOutLayout
      title="Forgotten password"
      description="Enter the e-mail address of your Switchyard account."
    >
      {sent ? (
        <Alert color="teal" variant="light" title="Request received" data-testid="reset-requested">
          <Stack gap="xs">
            <Text size="sm">
              If <strong>{email.trim()}</strong> belongs to an account and this server sends e-mail, a reset
              link is on its way. It works once, for 24 hours.
            </Text>
            <Text size="sm">
              No e-mail within a few minutes? This server may not send e-mail: ask an administrator for a
              reset link (Admin → Users → Reset password).
            </Text>
          </Stack>
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {error ? <ErrorNotice error={error} title="Request not sent" /> : null}
            <TextInput
              label="E-mail"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              required
            />
            <Button type="submit" loading={busy} disabled={!email.trim()}>
              Send a reset link
            </Button>
          </Stack>
        </form>
      )}
    </SignedOutLayout>
  );
}
