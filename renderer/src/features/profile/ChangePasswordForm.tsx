import { PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../api/api-error';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { FormActions } from '../../components/FormActions/FormActions';
import { useFormSubmit } from '../../components/FormActions/use-form-submit';

import { useServerWrite } from '../../stores/use-mutations';

/** Errors about the new password itself belong under that field; the rest above the form. */
const NEW_PASSWORD_ERRORS = new Set(['OwaspValidationError', 'PasswordPreviouslyUsedError', 'BadDataError']);

/** The three password fields, and emptying them all (after a change, or on cancel). */
function usePasswordDraft() {
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const clear = () => {
    setOldPassword('');
    setPassword('');
    setConfirmPassword('');
  };
  return { oldPassword, setOldPassword, password, setPassword, confirmPassword, setConfirmPassword, clear };
}

/** The server's answer shown under a field: a wrong current password, or a refused new one. */
function serverFieldErrors(error: unknown): { wrongOld?: string; badNew?: string } {
  const apiError = error instanceof ApiError ? error : null;
  return {
    wrongOld: apiError?.errorName === 'PasswordMismatch' ? apiError.message : undefined,
    badNew: apiError && NEW_PASSWORD_ERRORS.has(apiError.errorName) ? apiError.message : undefined,
  };
}

/**
 * `POST /api/admin/user/change-password`: the current password, the new one twice. `onChanged`
 * runs after the server accepted it (the first sign-in step reloads the session there).
 */
export function ChangePasswordForm({
  onChanged,
  currentLabel = 'Current password',
}: {
  onChanged?: () => Promise<void> | void;
  currentLabel?: string;
} = {}) {
  const write = useServerWrite({ kind: 'password' });
  const { oldPassword, setOldPassword, password, setPassword, confirmPassword, setConfirmPassword, clear } =
    usePasswordDraft();
  const [changed, setChanged] = useState(false);
  const { submitting, error, showErrors, submit } = useFormSubmit();

  const local = {
    oldPassword: oldPassword ? undefined : `Type your ${currentLabel.toLowerCase()}`,
    password: password ? undefined : 'Type the new password',
    confirmPassword: confirmPassword === password ? undefined : 'The passwords differ',
  };
  const { wrongOld, badNew } = serverFieldErrors(error);

  async function send() {
    setChanged(false);
    await write((api) =>
      api.client.post<unknown>('/api/admin/user/change-password', {
        oldPassword,
        password,
        confirmPassword,
      }),
    );
    clear();
    setChanged(true);
    await onChanged?.();
  }

  const blocked = Object.values(local).some(Boolean);
  return (
    <form onSubmit={(event) => submit(event, blocked, send)} noValidate>
      <Stack gap="sm" maw={420}>
        {error && !wrongOld && !badNew ? (
          <ErrorNotice error={error} title="The password was not changed" />
        ) : null}
        {changed ? (
          <Text size="sm" role="status">
            Password changed. Your other sessions were signed out.
          </Text>
        ) : null}
        <PasswordInput
          label={currentLabel}
          autoComplete="current-password"
          value={oldPassword}
          onChange={(event) => setOldPassword(event.currentTarget.value)}
          error={wrongOld ?? (showErrors ? local.oldPassword : undefined)}
        />
        <PasswordInput
          label="New password"
          description="10 to 128 characters with upper and lower case letters, a digit and a symbol, no character three times in a row"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={badNew ?? (showErrors ? local.password : undefined)}
        />
        <PasswordInput
          label="Repeat the new password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.currentTarget.value)}
          error={showErrors || confirmPassword ? local.confirmPassword : undefined}
        />
        <FormActions submitLabel="Change password" submitting={submitting} onCancel={clear} />
      </Stack>
    </form>
  );
}
