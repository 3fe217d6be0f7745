import { Button, Divider, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { ErrorNotice } from '../../../components/ErrorNotice/ErrorNotice';
import { useOffline } from '../../../components/OnlineOnlyButton/OnlineOnlyButton';
import type { User } from '../access-api';
import { LinkReveal } from '../shared/LinkReveal';
import { userLabel } from '../shared/user-search';
import { usePasswordDialog } from './use-password-dialog';

/**
 * A user's password, as the admin API allows: a reset link the user follows, or a password the
 * operator sets. Both are online-only: a password or a reset link must not wait in the outbox.
 */
export function PasswordDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const offline = useOffline();
  const {
    link,
    password,
    setPassword,
    confirmation,
    setConfirmation,
    busy,
    error,
    passwordSet,
    close,
    makeLink,
    submitPassword,
    serverPasswordError,
    passwordProblem,
    confirmationProblem,
  } = usePasswordDialog(user, onClose);

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
                error={passwordProblem}
                autoComplete="new-password"
              />
              <PasswordInput
                label="Repeat the password"
                value={confirmation}
                onChange={(event) => setConfirmation(event.currentTarget.value)}
                error={confirmationProblem}
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
