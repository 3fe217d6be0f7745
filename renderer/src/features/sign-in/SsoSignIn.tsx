import { Alert, Button, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { LoginOption } from '../../../../server/contract';
import { useConsole, useConsoleState } from '../../stores/console-context';

/**
 * "Sign in with …" for the single sign-on methods the server lists in its 401 `options`
 * (Unleash's `{type, message, path}`), and the reason of a refused sign-in, which the server
 * passes back as `?errorMsg=`.
 */
export function SsoSignIn() {
  const consoleApi = useConsole();
  const serverUrl = useConsoleState((state) => state.serverUrl);
  const [options, setOptions] = useState<LoginOption[]>([]);
  const refusal = new URLSearchParams(window.location.search).get('errorMsg');

  useEffect(() => {
    if (!serverUrl) return;
    let cancelled = false;
    // Any guarded route asked without credentials answers the 401 that lists the options; this one
    // belongs to single sign-on, so the console's own session probes are not counted twice.
    consoleApi.services
      .fetch(`${serverUrl.replace(/\/+$/, '')}/api/admin/auth/oidc/settings`, { credentials: 'omit' })
      .then((response) => (response.status === 401 ? response.json() : undefined))
      .then((body: { options?: LoginOption[] } | undefined) => {
        if (!cancelled && Array.isArray(body?.options)) setOptions(body.options);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [consoleApi, serverUrl]);

  if (options.length === 0 && !refusal) return null;
  return (
    <Stack gap="xs">
      {refusal ? (
        <Alert color="red" variant="light" title="Not signed in">
          {refusal}
        </Alert>
      ) : null}
      {options.map((option) => (
        <Button key={option.type} component="a" variant="default" href={`${serverUrl ?? ''}${option.path}`}>
          {option.message}
        </Button>
      ))}
    </Stack>
  );
}
