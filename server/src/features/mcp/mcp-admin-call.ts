/** One admin API request as the MCP caller: the tools reach Switchyard only through these. */
export type AdminCall = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: unknown }>;

/** An admin API refusal, carried to the agent as the tool's error text. */
export class AdminRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(refusalText(status, body));
  }

  /** The refusal that says the environment takes change requests (direct-write-check.ts). */
  get needsChangeRequest(): boolean {
    const permissions = (this.body as { permissions?: unknown } | null)?.permissions;
    return this.status === 403 && Array.isArray(permissions) && permissions.includes('SKIP_CHANGE_REQUEST');
  }
}

function refusalText(status: number, body: unknown): string {
  const answer = body as { message?: unknown; details?: Array<{ message?: unknown }> } | null;
  const message = typeof answer?.message === 'string' ? answer.message : `the server answered ${status}`;
  const details = (answer?.details ?? [])
    .map((detail) => (typeof detail.message === 'string' ? detail.message : ''))
    .filter((text) => text && text !== message);
  return [`${status}: ${message}`, ...details.map((text) => `- ${text}`)].join('\n');
}

/** The answer's body, or an AdminRefusal for a status outside 2xx. */
export async function expectOk<T>(call: AdminCall, ...request: Parameters<AdminCall>): Promise<T> {
  const answer = await call(...request);
  if (answer.status < 200 || answer.status >= 300) throw new AdminRefusal(answer.status, answer.body);
  return answer.body as T;
}
