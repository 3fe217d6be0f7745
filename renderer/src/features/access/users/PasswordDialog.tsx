import { Button, Divider, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../api/api-error';
import { ErrorNotice } from '../../../components/ErrorNotice/ErrorNotice';
import { useOffline } from '../../../components/OnlineOnlyButton/OnlineOnlyButton';

import { useServerWrite } from '../../../stores/use-mutations';
import { accessApi, type User } from '../access-api';
import { LinkReveal } from '../shared/LinkReveal';
import { userLabel } from '../shared/user-search';

/**
 * A user's password, as the admin API allows: a reset link the user follows, or a password the
 * operator sets. Both are online-only: a password or a reset link must not wait in the outbox.
 */
export function PasswordDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const write = useServerWrite({ kind: 'user' });
  const offline = useOffline();
  const [link, setLink] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [busy, setBusy] = useState<'link' | 'password' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [passwordSet, setPasswordSet] = useState(false);

  const close = () => {
    setLink(null);
    setPassword('');
    setConfirmation('');
    setShowErrors(false);
    setError(null);
    setPasswordSet(false);
    onClose();
  };

  async function makeLink() {
    if (!user) return;
    setBusy('link');
    setError(null);
    try {
      setLink((await write((api) => accessApi(api).resetPasswordLink(user.id))).resetPasswordUrl);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(null);
    }
  }

  const mismatch = confirmation !== password ? 'The passwords differ' : undefined;
  const empty = password ? undefined : 'Type the new password';
  const serverPasswordError =
    error instanceof ApiError &&
    (error.errorName === 'OwaspValidationError' || error.errorName === 'BadDataError')
      ? error.message
      : undefined;

  async function submitPassword(event: FormEvent) {
    event.preventDefault();
    setShowErrors(true);
    if (!user || empty || mismatch) return;
    setBusy('password');
    setError(null);
    try {
      await write((api) => accessApi(api).setPassword(user.id, password));
      setPasswordSet(true);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(null);
    }
  }

  const label = user ? userLabel(user) : '';
  return (
    <Modal opened={user !== null} onClose={close} title={`Password of ${label}`} size="lg">
      {link ? (
        <LinkReveal link={link} onDone={close}>
          Send this link to {label}: it lets them choose a new password. The link works once and expires.
        </LinkReveal>
      ) : passwordSet ? (
        <Stack gap="sm">
          <Text>The password of {label} is changed.</Text>
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          {offline ? (
            <Text size="sm" c="dimmed">
              Passwords and reset links need a connection to the server; they are never kept on this device.
            </Text>
          ) : null}
          {error && !serverPasswordError ? <ErrorNotice error={error} title="Nothing was changed" /> : null}
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">Make a link with which {label} sets a new password.</Text>
            <Button variant="light" onClick={makeLink} loading={busy === 'link'} disabled={offline}>
              Make reset link
            </Button>
          </Group>
          <Divider label="or set it yourself" />
          <form onSubmit={submitPassword} noValidate>
            <Stack gap="sm">
              <PasswordInput
                label="New password"
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                error={serverPasswordError ?? (showErrors ? empty : undefined)}
                autoComplete="new-password"
              />
              <PasswordInput
                label="Repeat the password"
                value={confirmation}
                onChange={(event) => setConfirmation(event.currentTarget.value)}
                error={showErrors ? mismatch : undefined}
                autoComplete="new-password"
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  Cancel
                </Button>
                <Button type="submit" loading={busy === 'password'} disabled={offline}>
                  Set password
                </Button>
              </Group>
            </Stack>
          </form>
        </Stack>
      )}
    </Modal>
  );
}
