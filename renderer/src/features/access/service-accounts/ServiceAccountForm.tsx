import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../api/api-error';
import { ErrorNotice } from '../../../components/ErrorNotice/ErrorNotice';
import { needsFormAlert } from '../../../components/ErrorNotice/field-errors';
import { useConsole } from '../../../stores/console-context';
import type { SubmitResult } from '../../../stores/console-store';
import { accessApi, type Role, type ServiceAccount } from '../access-api';
import { serviceAccountEdit } from '../access-edits';
import { fieldErrorLookup } from '../shared/form-errors';

export type ServiceAccountFormProps = {
  rootRoles: readonly Role[];
  onCancel: () => void;
} & (
  | { account: ServiceAccount; onSaved: (result: SubmitResult) => void }
  | { account?: undefined; onCreated: (account: ServiceAccount) => void }
);

/** A service account's name and root role; the username is chosen once, when it is created. */
export function ServiceAccountForm(props: ServiceAccountFormProps) {
  const { rootRoles, onCancel, account } = props;
  const consoleApi = useConsole();
  const creating = account === undefined;
  const viewer = rootRoles.find((role) => role.name === 'Viewer') ?? rootRoles[0];
  const [name, setName] = useState(account?.name ?? '');
  const [username, setUsername] = useState(account?.username ?? '');
  const [rootRole, setRootRole] = useState<string | null>(
    String(account?.rootRole ?? viewer?.id ?? '') || null,
  );
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [showErrors, setShowErrors] = useState(false);

  const local: Record<string, string> = {};
  if (!name.trim()) local.name = 'A service account needs a name';
  if (creating && !username.trim()) local.username = 'A service account needs a username';
  if (!rootRole) local.rootRole = 'Choose a root role';
  const lookup = fieldErrorLookup(error, local, showErrors);
  // A taken username is a NameExistsError without a path: it belongs next to the username.
  const usernameError =
    lookup('username') ??
    (error instanceof ApiError && error.errorName === 'NameExistsError' ? error.message : undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setShowErrors(true);
    if (Object.keys(local).length > 0) return;
    setSubmitting(true);
    setError(null);
    try {
      if (props.account) {
        props.onSaved(
          await consoleApi.submitEdit(
            serviceAccountEdit(props.account, { name, rootRole: Number(rootRole) }),
          ),
        );
      } else if ('onCreated' in props) {
        props.onCreated(
          await accessApi(consoleApi.api()).createServiceAccount({
            name: name.trim(),
            username: username.trim(),
            rootRole: Number(rootRole),
          }),
        );
      }
    } catch (caught) {
      setError(caught);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {needsFormAlert(error) && !usernameError ? (
          <ErrorNotice
            error={error}
            title={creating ? 'The service account was not created' : 'The service account was not changed'}
          />
        ) : null}
        <TextInput
          label="Name"
          required
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={lookup('name')}
          data-autofocus
        />
        <TextInput
          label="Username"
          required={creating}
          description={creating ? 'Shown in the event log; it cannot be changed later' : 'Cannot be changed'}
          value={username}
          readOnly={!creating}
          onChange={(event) => setUsername(event.currentTarget.value)}
          error={usernameError}
        />
        <Select
          label="Root role"
          required
          data={rootRoles.map((role) => ({ value: String(role.id), label: role.name }))}
          value={rootRole}
          allowDeselect={false}
          onChange={setRootRole}
          error={lookup('rootRole')}
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            {creating ? 'Create service account' : 'Save service account'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
