import { Button, Stack } from '@mantine/core';
import type { SignInMethod } from '../../../../server/contract/scim';

/**
 * One button per sign-in method the server lists (`{type, path, message}`, as in Unleash's 401
 * `options`): each opens the method's path on the server, which takes the browser through it.
 */
export function SignInMethods({
  methods,
  serverUrl,
}: {
  methods: readonly SignInMethod[];
  serverUrl: string;
}) {
  if (methods.length === 0) return null;
  const base = serverUrl.replace(/\/+$/, '');
  return (
    <Stack gap="xs" role="group" aria-label="Other ways to sign in">
      {methods.map((method) => (
        <Button
          key={`${method.type}:${method.path}`}
          component="a"
          href={`${base}${method.path}`}
          variant="default"
          data-method={method.type}
        >
          {method.message}
        </Button>
      ))}
    </Stack>
  );
}
