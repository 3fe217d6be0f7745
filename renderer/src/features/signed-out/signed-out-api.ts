import type { ApiClient } from '../../api/client';
import { buildUrl } from '../../api/client';

/** The server's endpoints for people who are not signed in (server/src/features/auth, public-signup). */
export interface ResetTokenUser {
  id: number;
  name?: string;
  email: string;
}

export function createSignedOutApi(client: ApiClient, fetchFn: typeof fetch) {
  const enc = encodeURIComponent;
  return {
    /** 200 with the link's user, or 401 InvalidTokenError for a used, expired or unknown link. */
    validateResetToken: (token: string) => client.get<ResetTokenUser>('/auth/reset/validate', { token }),
    resetPassword: (token: string, password: string) =>
      client.post<unknown>('/auth/reset/password', { token, password }),
    /** Always 200, whether or not the address is known; the server e-mails a link when SMTP is configured. */
    requestResetEmail: (email: string) => client.post<unknown>('/auth/reset/password-email', { email }),
    /** 200, or 400 when the invite link is disabled, expired or unknown. */
    validateInvite: (invite: string) => client.get<unknown>(`/invite/${enc(invite)}/validate`),
    signUpWithInvite: (invite: string, body: { name: string; email: string; password: string }) =>
      client.post<unknown>(`/invite/${enc(invite)}/signup`, body),
    /**
     * Every policy rule the password breaks (empty when it is accepted). Read from the body
     * directly: the 400's `details[0].validationErrors` lists them all, the message only the first.
     */
    async passwordProblems(password: string, signal?: AbortSignal): Promise<string[]> {
      const response = await fetchFn(buildUrl(client.baseUrl, '/auth/reset/validate-password'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ password }),
        ...(signal ? { signal } : {}),
      });
      if (response.ok) return [];
      const body = (await response.json().catch(() => null)) as {
        message?: string;
        details?: { message?: string; validationErrors?: string[] }[];
      } | null;
      const listed = body?.details?.[0]?.validationErrors;
      if (Array.isArray(listed) && listed.length > 0) return listed.map(String);
      return [body?.message ?? `The server refused the password (${response.status}).`];
    },
  };
}

export type SignedOutApi = ReturnType<typeof createSignedOutApi>;
