import { PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../api/api-error';
import { ErrorNotice } from '../../../components/ErrorNotice/ErrorNotice';
import { fieldErrorLookup, needsFormAlert } from '../../../components/ErrorNotice/field-errors';
import { FormActions } from '../../../components/FormActions/FormActions';
import { useFormSubmit } from '../../../components/FormActions/use-form-submit';
import type { SubmitResult } from '../../../stores/console-store';
import { useEditMutation, useServerWrite } from '../../../stores/use-mutations';
import { accessApi, type CreatedUser, type CreateUserBody, type Role, type User } from '../access-api';
import { userEdit } from '../access-edits';

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+$/;

export interface UserDraft {
  name: string;
  email: string;
  username: string;
  rootRole: string | null;
  password: string;
}

export function validateUserDraft(draft: UserDraft, creating: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  const email = draft.email.trim();
  if (creating && !email && !draft.username.trim()) {
    errors.email = 'Give an e-mail or a username: the user signs in with it';
  }
  if (email && !LOOKS_LIKE_EMAIL.test(email)) errors.email = 'Not an e-mail address';
  if (!draft.rootRole) errors.rootRole = 'Choose a root role';
  return errors;
}

/** The password rules are checked by the server (OwaspValidationError), whose message names no field. */
function passwordErrorOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.errorName === 'OwaspValidationError' ? error.message : undefined;
}

export type UserFormProps = {
  rootRoles: readonly Role[];
  onCancel: () => void;
} & (
  | { user: User; onSaved: (result: SubmitResult) => void }
  | { user?: undefined; onCreated: (created: CreatedUser) => void }
);

/**
 * Creates a user (online: the answer carries the invite link) or edits one's name, e-mail and root
 * role (through the outbox, so it waits while offline).
 */
export function UserForm(props: UserFormProps) {
  const { rootRoles, onCancel, user } = props;
  const write = useServerWrite({ kind: 'user' });
  const { mutateAsync: submitEdit } = useEditMutation();
  const creating = user === undefined;
  const viewer = rootRoles.find((role) => role.name === 'Viewer') ?? rootRoles[0];
  const [draft, setDraft] = useState<UserDraft>({
    name: user?.name ?? '',
    email: user?.email ?? '',
    username: user?.username ?? '',
    rootRole: String(user?.rootRole ?? viewer?.id ?? '') || null,
    password: '',
  });
  const { submitting, error, showErrors, submit } = useFormSubmit();
  const local = validateUserDraft(draft, creating);
  const fieldError = fieldErrorLookup(error, local, showErrors);
  const passwordError = passwordErrorOf(error);
  const set = (field: keyof UserDraft) => (value: string | null) =>
    setDraft((previous) => ({ ...previous, [field]: value ?? '' }));

  const blocked = Object.keys(local).length > 0;

  async function send() {
    const rootRole = Number(draft.rootRole);
    if (props.user) {
      props.onSaved(
        await submitEdit(userEdit(props.user, { name: draft.name, email: draft.email, rootRole })),
      );
    } else if ('onCreated' in props) {
      const body: CreateUserBody = { rootRole };
      if (draft.name.trim()) body.name = draft.name.trim();
      if (draft.email.trim()) body.email = draft.email.trim();
      if (draft.username.trim()) body.username = draft.username.trim();
      if (draft.password) body.password = draft.password;
      props.onCreated(await write((api) => accessApi(api).createUser(body)));
    }
  }

  return (
    <form onSubmit={(event) => submit(event, blocked, send)} noValidate>
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
