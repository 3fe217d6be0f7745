import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { Link, navigate } from '../../router/navigation';
import { DEFAULT_PATH, LOGIN_PATH } from '../../router/paths';
import { useConsole } from '../../stores/console-context';
import { PasswordPolicy, usePasswordCheck } from './PasswordPolicy';
import type { ResetTokenUser } from './signed-out-api';
import { useSignedOutApi } from './use-signed-out-api';

type LinkState =
  | { status: 'checking' }
  | { status: 'unusable' }
  | { status: 'unreachable'; error: unknown }
  | { status: 'usable'; user: ResetTokenUser };

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

/**
 * Sets a password through a reset or new-user link (`?token=`): the link is checked first
 * (`GET /auth/reset/validate`), the policy shown as the person types, and after
 * `POST /auth/reset/password` the person is signed in with the new password.
 */
export function SetPasswordForm({ token, submitLabel }: { token: string; submitLabel: string }) {
  const api = useSignedOutApi();
  const consoleApp = useConsole();
  const [link, setLink] = useState<LinkState>({ status: 'checking' });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [savedButNotSignedIn, setSavedButNotSignedIn] = useState(false);
  const check = usePasswordCheck(api, password);

  useEffect(() => {
    if (!token) {
      setLink({ status: 'unusable' });
      return;
    }
    let current = true;
    api
      .validateResetToken(token)
      .then((user) => current && setLink({ status: 'usable', user }))
      .catch((caught: unknown) => {
        if (!current) return;
        const status = (caught as { status?: number }).status;
        setLink(
          status === 401 || status === 400 || status === 404
            ? { status: 'unusable' }
            : { status: 'unreachable', error: caught },
        );
      });
    return () => {
      current = false;
    };
  }, [api, token]);

  if (link.status === 'checking') {
    return (
      <Stack align="center" gap="xs">
        <Loader size="sm" />
        <Text size="sm">Checking the link…</Text>
      </Stack>
    );
  }
  if (link.status === 'unusable') return <UnusableLink />;
  if (link.status === 'unreachable')
    return <ErrorNotice error={link.error} title="Could not check the link" />;
  if (savedButNotSignedIn) {
    return (
      <Alert color="teal" variant="light" title="Password saved">
        <Anchor component={Link} to={LOGIN_PATH} size="sm" fw={600}>
          Sign in with your new password
        </Anchor>
      </Alert>
    );
  }

  const mismatch = confirmation.length > 0 && confirmation !== password;
  const email = link.user.email;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api.resetPassword(token, password);
    } catch (caught) {
      const status = (caught as { status?: number }).status;
      if (status === 401) setLink({ status: 'unusable' });
      else setError(caught);
      setBusy(false);
      return;
    }
    try {
      await consoleApp.signInWithPassword(email, password);
      navigate(DEFAULT_PATH);
    } catch {
      setSavedButNotSignedIn(true);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          For <strong>{link.user.name ? `${link.user.name} (${email})` : email}</strong>
        </Text>
        {error ? <ErrorNotice error={error} title="Password not saved" /> : null}
        {/* Lets password managers save the new password under the right account. */}
        <input type="hidden" name="username" autoComplete="username" value={email} />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          required
        />
        <PasswordPolicy password={password} check={check} />
        <PasswordInput
          label="Repeat the password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.currentTarget.value)}
          error={mismatch ? 'The passwords differ.' : undefined}
          required
        />
        <Button type="submit" loading={busy} disabled={!check.accepted || confirmation !== password}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
