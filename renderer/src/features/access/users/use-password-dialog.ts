import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../api/api-error';
import { useServerWrite } from '../../../stores/use-mutations';
import { accessApi, type User } from '../access-api';

/**
 * The password dialog's state: the reset link once made, the typed password and its repetition,
 * and the two online-only writes (a password or a reset link must not wait in the outbox).
 */
export function usePasswordDialog(user: User | null, onClose: () => void) {
  const write = useServerWrite({ kind: 'user' });
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

  return {
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
    passwordProblem: serverPasswordError ?? (showErrors ? empty : undefined),
    confirmationProblem: showErrors ? mismatch : undefined,
  };
}
