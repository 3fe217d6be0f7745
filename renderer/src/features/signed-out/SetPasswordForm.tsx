import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { useFormSubmit } from '../../components/FormActions/use-form-submit';
import { Link, navigate } from '../../router/navigation';
import { DEFAULT_PATH, LOGIN_PATH } from '../../router/paths';
import { useConsole } from '../../stores/console-context';
import { PasswordField, usePasswordCheck } from './PasswordField';
import { useSignedOutApi, useSignedOutCheck } from './use-signed-out-api';

/** A used, expired or unknown link: say so and offer a new one. */
function UnusableLink() {
  return (
    <Alert color="red" variant="light" title="This link cannot be used" data-testid="link-unusable">
      <Stack gap="xs">
        <Text size="sm">It has already been used, has expired, or was never valid.</Text>
        <Anchor component={Link} to="/forgotten-password" size="sm" fw={600}>
          Ask for a new link
        </Anchor>
      </Stack>
    </Alert>
  );
}

function CheckingLink() {
  return (
    <Stack align="center" gap="xs">
      <Loader size="sm" />
      <Text size="sm">Checking the link…</Text>
    </Stack>
  );
}

/** The password was saved but signing in with it failed: the person signs in by hand. */
function PasswordSavedSignInAgain() {
  return (
    <Alert color="teal" variant="light" title="Password saved">
      <Anchor component={Link} to={LOGIN_PATH} size="sm" fw={600}>
        Sign in with your new password
      </Anchor>
    </Alert>
  );
}

/**
 * Sets a password through a reset or new-user link (`?token=`): the link is checked first
 * (`GET /auth/reset/validate`), the policy shown as the person types, and after
 * `POST /auth/reset/password` the person is signed in with the new password.
 */
export function SetPasswordForm({ token, submitLabel }: { token: string; submitLabel: string }) {
  const api = useSignedOutApi();
  const consoleApp = useConsole();
  const link = useSignedOutCheck(token ? `reset-token ${token}` : null, (signedOut) =>
    signedOut.validateResetToken(token),
  );
  // The link was accepted when the page opened but refused when the password was sent (used meanwhile).
  const [usedUp, setUsedUp] = useState(false);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { submitting, error, submit } = useFormSubmit();
  const [savedButNotSignedIn, setSavedButNotSignedIn] = useState(false);
  const check = usePasswordCheck(password);

  const linkStatus = (link.error as { status?: number } | null)?.status;
  if (!token || usedUp || linkStatus === 401 || linkStatus === 400 || linkStatus === 404) {
    return <UnusableLink />;
  }
  if (link.isError) return <ErrorNotice error={link.error} title="Could not check the link" />;
  if (link.isPending) return <CheckingLink />;
  if (savedButNotSignedIn) return <PasswordSavedSignInAgain />;

  const mismatch = confirmation.length > 0 && confirmation !== password;
  const user = link.data;
  const email = user.email;

  async function save() {
    try {
      await api.resetPassword(token, password);
    } catch (caught) {
      if ((caught as { status?: number }).status === 401) {
        setUsedUp(true);
        return;
      }
      throw caught;
    }
    try {
      await consoleApp.signInWithPassword(email, password);
      navigate(DEFAULT_PATH);
    } catch {
      setSavedButNotSignedIn(true);
    }
  }

  return (
    <form onSubmit={(event) => submit(event, false, save)} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          For <strong>{user.name ? `${user.name} (${email})` : email}</strong>
        </Text>
        {error ? <ErrorNotice error={error} title="Password not saved" /> : null}
        {/* Lets password managers save the new password under the right account. */}
        <input type="hidden" name="username" autoComplete="username" value={email} />
        <PasswordField label="New password" value={password} onChange={setPassword} check={check} />
        <PasswordInput
          label="Repeat the password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.currentTarget.value)}
          error={mismatch ? 'The passwords differ.' : undefined}
          required
        />
        <Button type="submit" loading={submitting} disabled={!check.accepted || confirmation !== password}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
