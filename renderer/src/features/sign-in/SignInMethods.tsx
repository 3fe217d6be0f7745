import { Alert, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import type { SignInMethod } from '../../../../server/contract/scim';

export type BrowserSignInMethod = 'oidc' | 'saml';
const isBrowserMethod = (type: string): type is BrowserSignInMethod => type === 'oidc' || type === 'saml';

/**
 * One button per sign-in method the server lists (`{type, path, message}`, as in Unleash's 401
 * `options`): each opens the method's path on the server, which takes the browser through it. In the
 * desktop app (`onBrowserSignIn`), OIDC and SAML go through the system browser instead (RFC 8252).
 */
export function SignInMethods({
  methods,
  serverUrl,
  onBrowserSignIn,
}: {
  methods: readonly SignInMethod[];
  serverUrl: string;
  onBrowserSignIn?: ((method: BrowserSignInMethod) => Promise<void>) | undefined;
}) {
  const [waiting, setWaiting] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (methods.length === 0) return null;
  const base = serverUrl.replace(/\/+$/, '');

  async function viaBrowser(method: BrowserSignInMethod) {
    if (!onBrowserSignIn) return;
    setWaiting(method);
    setFailure(null);
    try {
      await onBrowserSignIn(method);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Signing in through the browser failed.');
    } finally {
      setWaiting(null);
    }
  }

  return (
    <Stack gap="xs" role="group" aria-label="Other ways to sign in">
      {failure ? (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      ) : null}
      {methods.map((method) => {
        const { type } = method;
        return onBrowserSignIn && isBrowserMethod(type) ? (
          <Button
            key={`${type}:${method.path}`}
            variant="default"
            data-method={type}
            loading={waiting === type}
            disabled={waiting !== null && waiting !== type}
            onClick={() => void viaBrowser(type)}
          >
            {method.message}
          </Button>
        ) : (
          <Button
            key={`${type}:${method.path}`}
            component="a"
            href={`${base}${method.path}`}
            variant="default"
            data-method={type}
          >
            {method.message}
          </Button>
        );
      })}
      {waiting ? (
        <Alert color="blue" variant="light" data-testid="browser-sign-in-wait">
          Finish signing in in your web browser; this window continues by itself.
        </Alert>
      ) : null}
    </Stack>
  );
}
