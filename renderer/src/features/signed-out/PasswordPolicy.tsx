import { List, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import classes from './SignedOutLayout.module.css';
import type { SignedOutApi } from './signed-out-api';

export interface PasswordCheck {
  /** The rules the typed password breaks, per the server; null while it is being checked. */
  problems: string[] | null;
  accepted: boolean;
}

/** Asks the server's password policy (`POST /auth/reset/validate-password`) as the person types. */
export function usePasswordCheck(api: SignedOutApi, password: string): PasswordCheck {
  const [debounced] = useDebouncedValue(password, 250);
  const [result, setResult] = useState<{ password: string; problems: string[] } | null>(null);
  useEffect(() => {
    if (!debounced) return;
    const controller = new AbortController();
    api
      .passwordProblems(debounced, controller.signal)
      .then((problems) => setResult({ password: debounced, problems }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setResult({
          password: debounced,
          problems: [`Could not check the password: ${error instanceof Error ? error.message : error}`],
        });
      });
    return () => controller.abort();
  }, [api, debounced]);
  const problems = result && result.password === password ? result.problems : null;
  return { problems, accepted: problems !== null && problems.length === 0 };
}

/** What the policy says about the typed password, read out to screen readers as it changes. */
export function PasswordPolicy({ password, check }: { password: string; check: PasswordCheck }) {
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
