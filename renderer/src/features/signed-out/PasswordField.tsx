import { List, PasswordInput, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import classes from './SignedOutLayout.module.css';
import { useSignedOutCheck } from './use-signed-out-api';

export interface PasswordCheck {
  /** The rules the typed password breaks, per the server; null while it is being checked. */
  problems: string[] | null;
  accepted: boolean;
}

/** Asks the server's password policy (`POST /auth/reset/validate-password`) once typing pauses. */
export function usePasswordCheck(password: string): PasswordCheck {
  const [debounced] = useDebouncedValue(password, 250);
  const query = useSignedOutCheck(debounced ? `validate-password ${debounced}` : null, (api, signal) =>
    api.passwordProblems(debounced, signal),
  );
  const current = debounced === password && !query.isFetching;
  const problems = !current
    ? null
    : query.isError
      ? [`Could not check the password: ${query.error instanceof Error ? query.error.message : query.error}`]
      : (query.data ?? null);
  return { problems, accepted: problems !== null && problems.length === 0 };
}

/** What the policy says about the typed password, read out to screen readers as it changes. */
function PasswordPolicy({ password, check }: { password: string; check: PasswordCheck }) {
  return (
    <div aria-live="polite" data-testid="password-policy">
      {!password ? (
        <Text size="sm">
          At least 10 characters, with a lowercase and an uppercase letter, a number and another character,
          and no character three times in a row.
        </Text>
      ) : check.problems === null ? (
        <Text size="sm">Checking the password…</Text>
      ) : check.accepted ? (
        <Text size="sm" c="teal.9" fw={600}>
          The password meets the policy.
        </Text>
      ) : (
        <List size="sm" className={classes.problems} c="red.9">
          {check.problems.map((problem) => (
            <List.Item key={problem}>{problem}</List.Item>
          ))}
        </List>
      )}
    </div>
  );
}

export interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The server's message for this field after a refused submit. */
  error?: string | undefined;
  /**
   * A new password: the policy is shown under the field and checked as the person types (pass the
   * `usePasswordCheck` of the same value). Without it, the field asks for the current password.
   */
  check?: PasswordCheck;
}

/** The password field of every signed-out form: signing in, signing up, setting a new password. */
export function PasswordField({ label, value, onChange, error, check }: PasswordFieldProps) {
  return (
    <>
      <PasswordInput
        label={label}
        autoComplete={check ? 'new-password' : 'current-password'}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        required
      />
      {check ? <PasswordPolicy password={value} check={check} /> : null}
    </>
  );
}
