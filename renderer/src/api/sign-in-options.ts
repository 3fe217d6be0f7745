import type { SignInMethod } from '../../../server/contract/scim';
import { ApiError } from './api-error';

/** How the server says people sign in: its 401 AuthenticationRequired body, as Unleash's UI reads it. */
export interface SignInOptions {
  /** The password form is off (password login disabled); an admin may still open it (break-glass). */
  passwordHidden: boolean;
  /** The other methods (`options`): OIDC, SAML... each a link to start it. */
  methods: SignInMethod[];
}

export const PASSWORD_ONLY: SignInOptions = { passwordHidden: false, methods: [] };
const MAX_METHODS = 10;

/** Reads `defaultHidden` and `options` of a 401 answer; anything else means "password only". */
export function signInOptionsOf(error: unknown): SignInOptions {
  if (!(error instanceof ApiError) || error.status !== 401) return PASSWORD_ONLY;
  const { options, defaultHidden } = error.body;
  const methods = (Array.isArray(options) ? options : [])
    .filter(
      (option): option is SignInMethod =>
        typeof option === 'object' &&
        option !== null &&
        typeof option.type === 'string' &&
        typeof option.path === 'string' &&
        typeof option.message === 'string' &&
        // Only paths on this server: a body cannot send the browser elsewhere.
        option.path.startsWith('/'),
    )
    .slice(0, MAX_METHODS)
    .map(({ type, path, message }) => ({ type, path, message }));
  return { passwordHidden: defaultHidden === true, methods };
}
