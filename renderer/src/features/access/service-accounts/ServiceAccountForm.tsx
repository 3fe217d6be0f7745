import { Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  CrudForm,
  type EditOrCreate,
  NameInput,
  useCrudFormCalls,
} from '../../../components/CrudForm/CrudForm';
import { fieldErrorLookup, nameTakenMessage } from '../../../components/ErrorNotice/field-errors';
import { accessApi, type Role, type ServiceAccount } from '../access-api';
import { serviceAccountEdit } from '../access-edits';
import { initialRootRole, serviceAccountProblems } from './service-account-draft';

/** The root roles to choose from, and the account to edit (or none: create one). */
export type ServiceAccountFormProps = { rootRoles: readonly Role[]; onCancel: () => void } & EditOrCreate<
  'account',
  ServiceAccount,
  ServiceAccount
>;

/** A service account's name and root role; the username is chosen once, when it is created. */
export function ServiceAccountForm(props: ServiceAccountFormProps) {
  const { rootRoles, onCancel, account } = props;
  const { write, submitEdit, submitting, error, showErrors, submit } = useCrudFormCalls({
    kind: 'service-account',
  });
  const creating = account === undefined;
  const [name, setName] = useState(account?.name ?? '');
  const [username, setUsername] = useState(account?.username ?? '');
  const [rootRole, setRootRole] = useState<string | null>(() => initialRootRole(account, rootRoles));

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
    <CrudForm
      noun="service account"
      creating={creating}
      editFailure="changed"
      onSubmit={(event) => submit(event, blocked, send)}
      error={error}
      errorShownElsewhere={Boolean(usernameError)}
      submitting={submitting}
      onCancel={onCancel}
    >
      <NameInput value={name} onChange={setName} error={lookup('name')} />
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
    </CrudForm>
  );
}
