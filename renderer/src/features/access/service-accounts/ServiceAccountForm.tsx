import { Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice/ErrorNotice';
import {
  fieldErrorLookup,
  nameTakenMessage,
  needsFormAlert,
} from '../../../components/ErrorNotice/field-errors';
import { FormActions } from '../../../components/FormActions/FormActions';
import { useFormSubmit } from '../../../components/FormActions/use-form-submit';
import type { SubmitResult } from '../../../stores/console-store';
import { useEditMutation, useServerWrite } from '../../../stores/use-mutations';
import { accessApi, type Role, type ServiceAccount } from '../access-api';
import { serviceAccountEdit } from '../access-edits';
import { initialRootRole, serviceAccountProblems } from './service-account-draft';

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
  const write = useServerWrite({ kind: 'service-account' });
  const { mutateAsync: submitEdit } = useEditMutation();
  const creating = account === undefined;
  const [name, setName] = useState(account?.name ?? '');
  const [username, setUsername] = useState(account?.username ?? '');
  const [rootRole, setRootRole] = useState<string | null>(() => initialRootRole(account, rootRoles));
  const { submitting, error, showErrors, submit } = useFormSubmit();

  const local = serviceAccountProblems({ name, username, rootRole }, creating);
  const lookup = fieldErrorLookup(error, local, showErrors);
  // The username is what must be unique: its NameExistsError belongs next to it.
  const usernameError = lookup('username') ?? nameTakenMessage(error);

  const blocked = Object.keys(local).length > 0;

  async function send() {
    if (props.account) {
      props.onSaved(
        await submitEdit(serviceAccountEdit(props.account, { name, rootRole: Number(rootRole) })),
      );
    } else if ('onCreated' in props) {
      props.onCreated(
        await write((api) =>
          accessApi(api).createServiceAccount({
            name: name.trim(),
            username: username.trim(),
            rootRole: Number(rootRole),
          }),
        ),
      );
    }
  }

  return (
    <form onSubmit={(event) => submit(event, blocked, send)} noValidate>
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
        <FormActions
          submitLabel={creating ? 'Create service account' : 'Save service account'}
          submitting={submitting}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
