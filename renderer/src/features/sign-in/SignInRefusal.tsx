import { Alert } from '@mantine/core';

/**
 * Why a single sign-on attempt was refused (a domain not allowed, an unknown user without
 * auto-create): the server sends the browser back to the sign-in screen with `?errorMsg=`. The
 * "Sign in with …" entries themselves come from the 401's `options` (SignInMethods).
 */
export function SignInRefusal() {
  const refusal = new URLSearchParams(window.location.search).get('errorMsg');
  if (!refusal) return null;
  return (
    <Alert color="red" variant="light" title="Not signed in">
      {refusal.slice(0, 500)}
    </Alert>
  );
}
