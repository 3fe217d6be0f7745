import { PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { ErrorNotice } from '../../../components/ErrorNotice/ErrorNotice';
import { needsFormAlert } from '../../../components/ErrorNotice/field-errors';
import { FormActions } from '../../../components/FormActions/FormActions';
import type { Role } from '../access-api';
import { type UserFormTarget, useUserForm } from './use-user-form';

export type UserFormProps = {
  rootRoles: readonly Role[];
  onCancel: () => void;
} & UserFormTarget;

/**
 * Creates a user (online: the answer carries the invite link) or edits one's name, e-mail and root
 * role (through the outbox, so it waits while offline).
 */
export function UserForm(props: UserFormProps) {
  const { rootRoles, onCancel } = props;
  const { creating, draft, set, submitting, error, fieldError, passwordError, onSubmit } = useUserForm(
    rootRoles,
    props,
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {needsFormAlert(error) && !passwordError ? (
          <ErrorNotice
            error={error}
            title={creating ? 'The user was not created' : 'The user was not changed'}
          />
        ) : null}
        <TextInput
          label="Name"
          value={draft.name}
          onChange={(event) => set('name')(event.currentTarget.value)}
          error={fieldError('name')}
          data-autofocus
        />
        <TextInput
          label="E-mail"
          type="email"
          value={draft.email}
          onChange={(event) => set('email')(event.currentTarget.value)}
          error={fieldError('email')}
        />
        {creating ? (
          <TextInput
            label="Username"
            description="Optional when an e-mail is given; it cannot be changed later"
            value={draft.username}
            onChange={(event) => set('username')(event.currentTarget.value)}
            error={fieldError('username')}
          />
        ) : null}
        <Select
          label="Root role"
          required
          data={rootRoles.map((role) => ({ value: String(role.id), label: role.name }))}
          value={draft.rootRole}
          allowDeselect={false}
          onChange={set('rootRole')}
          error={fieldError('rootRole')}
        />
        {creating ? (
          <PasswordInput
            label="Password"
            description="Optional. Leave it empty and the server makes an invite link with which the user chooses one."
            value={draft.password}
            onChange={(event) => set('password')(event.currentTarget.value)}
            error={passwordError ?? fieldError('password')}
            autoComplete="new-password"
          />
        ) : null}
        <FormActions
          submitLabel={creating ? 'Create user' : 'Save user'}
          submitting={submitting}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
