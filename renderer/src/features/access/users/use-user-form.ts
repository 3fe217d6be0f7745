import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../api/api-error';
import { fieldErrorLookup } from '../../../components/ErrorNotice/field-errors';
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

/** The create body: only the fields typed, trimmed; the password as typed. */
function createUserBody(draft: UserDraft, rootRole: number): CreateUserBody {
  const body: CreateUserBody = { rootRole };
  if (draft.name.trim()) body.name = draft.name.trim();
  if (draft.email.trim()) body.email = draft.email.trim();
  if (draft.username.trim()) body.username = draft.username.trim();
  if (draft.password) body.password = draft.password;
  return body;
}

export type UserFormTarget =
  | { user: User; onSaved: (result: SubmitResult) => void }
  | { user?: undefined; onCreated: (created: CreatedUser) => void };

/**
 * The user form's draft, its checks and its submit: a new user is created online (the answer
 * carries the invite link), an edit goes through the outbox.
 */
export function useUserForm(rootRoles: readonly Role[], target: UserFormTarget) {
  const { user } = target;
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
  const set = (field: keyof UserDraft) => (value: string | null) =>
    setDraft((previous) => ({ ...previous, [field]: value ?? '' }));
  const blocked = Object.keys(local).length > 0;

  async function send() {
    const rootRole = Number(draft.rootRole);
    if (target.user) {
      target.onSaved(
        await submitEdit(userEdit(target.user, { name: draft.name, email: draft.email, rootRole })),
      );
    } else if ('onCreated' in target) {
      const body = createUserBody(draft, rootRole);
      target.onCreated(await write((api) => accessApi(api).createUser(body)));
    }
  }

  return {
    creating,
    draft,
    set,
    submitting,
    error,
    fieldError,
    passwordError: passwordErrorOf(error),
    onSubmit: (event: FormEvent) => submit(event, blocked, send),
  };
}
