import { Alert, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { fieldErrorsOf, needsFormAlert } from '../../components/ErrorNotice/field-errors';
import { useFormSubmit } from '../../components/FormActions/use-form-submit';
import { navigate, useLocation } from '../../router/navigation';
import { DEFAULT_PATH } from '../../router/paths';
import { useConsole } from '../../stores/console-context';
import { PasswordField, usePasswordCheck } from './PasswordField';
import { SetPasswordForm } from './SetPasswordForm';
import { SignedOutLayout } from './SignedOutLayout';
import { useSignedOutApi, useSignedOutCheck } from './use-signed-out-api';

/**
 * A public invite link (`/new-user?invite=`): the link is checked (`GET /invite/:token/validate`),
 * the invitee signs up (`POST /invite/:token/signup`) and is then signed in with that password.
 */
function InviteSignupForm({ invite }: { invite: string }) {
  const api = useSignedOutApi();
  const consoleApp = useConsole();
  const link = useSignedOutCheck(`invite ${invite}`, (signedOut) => signedOut.validateInvite(invite));
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { submitting, error, submit } = useFormSubmit();
  const check = usePasswordCheck(password);
  const errors = fieldErrorsOf(error);

  if (link.isPending) {
    return (
      <Stack align="center" gap="xs">
        <Loader size="sm" />
        <Text size="sm">Checking the invite link…</Text>
      </Stack>
    );
  }
  if (link.isError) {
    const status = (link.error as { status?: number }).status;
    if (status !== 400 && status !== 404)
      return <ErrorNotice error={link.error} title="Could not check the link" />;
    return (
      <Alert color="red" variant="light" title="This invite link cannot be used" data-testid="link-unusable">
        <Text size="sm">It has been disabled or has expired. Ask the person who sent it for a new link.</Text>
      </Alert>
    );
  }

  async function signUp() {
    const address = email.trim();
    // A refusal includes the link being disabled while the form was open: the server's message says so.
    await api.signUpWithInvite(invite, { name: name.trim(), email: address, password });
    await consoleApp.signInWithPassword(address, password);
    navigate(DEFAULT_PATH);
  }

  return (
    <form onSubmit={(event) => submit(event, false, signUp)} noValidate>
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
        <PasswordField
          label="Password"
          value={password}
          onChange={setPassword}
          error={errors.password}
          check={check}
        />
        <Button
          type="submit"
          loading={submitting}
          disabled={!name.trim() || !email.trim() || !check.accepted}
        >
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
