import { Alert, Button, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { fieldErrorsOf, needsFormAlert } from '../../components/ErrorNotice/field-errors';
import { navigate, useLocation } from '../../router/navigation';
import { DEFAULT_PATH } from '../../router/paths';
import { useConsole } from '../../stores/console-context';
import { PasswordPolicy, usePasswordCheck } from './PasswordPolicy';
import { SetPasswordForm } from './SetPasswordForm';
import { SignedOutLayout } from './SignedOutLayout';
import { useSignedOutApi } from './use-signed-out-api';

type InviteState = 'checking' | 'usable' | 'unusable' | { unreachable: unknown };

/**
 * A public invite link (`/new-user?invite=`): the link is checked (`GET /invite/:token/validate`),
 * the invitee signs up (`POST /invite/:token/signup`) and is then signed in with that password.
 */
function InviteSignupForm({ invite }: { invite: string }) {
  const api = useSignedOutApi();
  const consoleApp = useConsole();
  const [state, setState] = useState<InviteState>('checking');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const check = usePasswordCheck(api, password);
  const errors = fieldErrorsOf(error);

  useEffect(() => {
    let current = true;
    api
      .validateInvite(invite)
      .then(() => current && setState('usable'))
      .catch((caught: unknown) => {
        if (!current) return;
        const status = (caught as { status?: number }).status;
        setState(status === 400 || status === 404 ? 'unusable' : { unreachable: caught });
      });
    return () => {
      current = false;
    };
  }, [api, invite]);

  if (state === 'checking') {
    return (
      <Stack align="center" gap="xs">
        <Loader size="sm" />
        <Text size="sm">Checking the invite link…</Text>
      </Stack>
    );
  }
  if (state === 'unusable') {
    return (
      <Alert color="red" variant="light" title="This invite link cannot be used" data-testid="link-unusable">
        <Text size="sm">It has been disabled or has expired. Ask the person who sent it for a new link.</Text>
      </Alert>
    );
  }
  if (typeof state === 'object')
    return <ErrorNotice error={state.unreachable} title="Could not check the link" />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const address = email.trim();
    try {
      await api.signUpWithInvite(invite, { name: name.trim(), email: address, password });
    } catch (caught) {
      // Includes the link being disabled while the form was open: the server's message says so.
      setError(caught);
      setBusy(false);
      return;
    }
    try {
      await consoleApp.signInWithPassword(address, password);
      navigate(DEFAULT_PATH);
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {needsFormAlert(error) ? <ErrorNotice error={error} title="Not signed up" /> : null}
        <TextInput
          label="Name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          required
        />
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.email}
          required
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
          required
        />
        <PasswordPolicy password={password} check={check} />
        <Button type="submit" loading={busy} disabled={!name.trim() || !email.trim() || !check.accepted}>
          Sign up
        </Button>
      </Stack>
    </form>
  );
}

/** `/new-user`: `?invite=` (a public invite link) or `?token=` (the link an admin made for a new user). */
export function NewUserPage() {
  const { query } = useLocation();
  if (query.invite) {
    return (
      <SignedOutLayout title="Join Switchyard" description="You were invited: create your account.">
        <InviteSignupForm invite={query.invite} />
      </SignedOutLayout>
    );
  }
  return (
    <SignedOutLayout title="Welcome to Switchyard" description="Choose the password for your new account.">
      <SetPasswordForm token={query.token ?? ''} submitLabel="Save and sign in" />
    </SignedOutLayout>
  );
}
