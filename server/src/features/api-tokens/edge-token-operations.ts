import type { ApiToken, ValidatedEdgeTokens } from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { type ApiTokenType, type AuditActor, SYSTEM_ACTOR } from '../../lib/caller';
import type { ApiTokenRecord } from './api-token-rules';
import { findByHashes } from './api-token-store';
import { decryptIssuedSecret, encryptIssuedSecret, scopeHash } from './edge-hmac';
import { findIssuedToken, IssuedConcurrently, registerNonce, saveIssuedToken } from './edge-token-store';
import { hashSecret } from './token-format';

/** Edge's `seenTokens` waiting to be resolved, across posts (extra ones are dropped: a hint only). */
const MAX_PENDING_SEEN_SECRETS = 20_000;
const SEEN_LOOKUP_CHUNK = 500;

/** A token the server draws the secret of (the console's create, Edge's issue-token). */
export interface GeneratedTokenInput {
  tokenName: string;
  type: ApiTokenType;
  environment: string;
  projects: string[];
  expiresAt: Date | null;
}

/** What the Edge operations borrow from the API token service. */
export interface EdgeTokenDeps {
  db: Db;
  /** The "last seen" buffer of token ids. */
  seen: { mark(id: number): void };
  insertGenerated(
    input: GeneratedTokenInput,
    actor: AuditActor,
    requestedType: string,
    within?: (trx: Queryable, record: ApiTokenRecord, secret: string) => Promise<void>,
  ): Promise<ApiToken>;
  validateScope(type: ApiTokenType, environment: string, projects: string[]): Promise<void>;
  /** The token of a secret's hash when it is held in memory (issue 31), else undefined. */
  fromMemory(hash: string): ApiTokenRecord | undefined;
}

/** The token operations Unleash Edge calls upstream (API.md §2.6): validate, seen tokens, issue. */
export function createEdgeTokenOperations(deps: EdgeTokenDeps) {
  const { db, seen } = deps;
  const seenSecrets = new Set<string>();
  let resolvingSeen: Promise<void> | undefined;
  async function resolveSeenSecrets(): Promise<void> {
    while (seenSecrets.size > 0) {
      const chunk: string[] = [];
      for (const secret of seenSecrets) {
        chunk.push(secret);
        seenSecrets.delete(secret);
        if (chunk.length === SEEN_LOOKUP_CHUNK) break;
      }
      for (const record of await findByHashes(db, chunk.map(hashSecret))) seen.mark(record.id);
    }
  }

  return {
    validateForEdge: (secrets: readonly string[]) => validateForEdge(deps, secrets),

    /**
     * Edge's `seenTokens` (bulk metrics): the tokens its SDKs used get their "last seen" moved, as
     * if they had called us. One query for the list; secrets that are no token are ignored.
     */
    async markSeenBySecrets(secrets: readonly string[]): Promise<void> {
      // Client tokens post these: they join one bounded set, resolved by a single worker in
      // chunks (hashing and lookups never pile up per post, and never hold every connection).
      for (const secret of secrets) {
        if (seenSecrets.size >= MAX_PENDING_SEEN_SECRETS) break;
        seenSecrets.add(secret);
      }
      resolvingSeen ??= resolveSeenSecrets().finally(() => {
        resolvingSeen = undefined;
      });
      await resolvingSeen;
    },

    issueForEdge: (
      clientId: string,
      clientSecret: string,
      requests: ReadonlyArray<{ environment: string; projects: readonly string[] }>,
    ) => issueForEdge(deps, clientId, clientSecret, requests),
  };
}

/**
 * `POST /edge/validate`: the given secrets that are valid tokens, with their scope. One query
 * for the whole list (issue 12: a token at a time let one request keep the server busy), none
 * when every token is held in memory.
 */
async function validateForEdge(
  { db, seen, fromMemory }: EdgeTokenDeps,
  secrets: readonly string[],
): Promise<ValidatedEdgeTokens> {
  const bySecretHash = new Map([...new Set(secrets)].map((secret) => [hashSecret(secret), secret]));
  const now = Date.now();
  const tokens: ValidatedEdgeTokens['tokens'] = [];
  // Tokens held in memory are answered from there (an outage included); the rest in one query.
  const found: Array<ApiTokenRecord & { secretHash: string }> = [];
  const unknown: string[] = [];
  for (const hash of bySecretHash.keys()) {
    const record = fromMemory(hash);
    if (record) found.push({ ...record, secretHash: hash });
    else unknown.push(hash);
  }
  if (unknown.length > 0) found.push(...(await findByHashes(db, unknown)));
  for (const record of found) {
    if (record.expiresAt !== null && record.expiresAt.getTime() <= now) continue;
    seen.mark(record.id);
    tokens.push({
      token: bySecretHash.get(record.secretHash) as string,
      type: record.type,
      projects: record.projects,
      environment: record.environment,
    });
  }
  // In the order they were asked for, as before.
  const order = new Map([...bySecretHash.values()].map((secret, index) => [secret, index] as const));
  tokens.sort((a, b) => (order.get(a.token) ?? 0) - (order.get(b.token) ?? 0));
  return { tokens };
}

/**
 * `POST /edge/issue-token` (Unleash 8.2 EdgeService.getOrCreateTokens): per requested scope,
 * the backend token issued to this Edge client before, or a new one named
 * `enterprise_edge_<env>_<projects>` (`[]` for more than 3 projects), created by the system
 * user in one transaction with its event and its issued-token row.
 */
async function issueForEdge(
  deps: EdgeTokenDeps,
  clientId: string,
  clientSecret: string,
  requests: ReadonlyArray<{ environment: string; projects: readonly string[] }>,
): Promise<ValidatedEdgeTokens> {
  const tokens: ValidatedEdgeTokens['tokens'] = [];
  for (const request of requests) {
    try {
      tokens.push(await issueOneForEdge(deps, clientId, clientSecret, request));
    } catch (error) {
      if (!(error instanceof IssuedConcurrently)) throw error;
      // Lost the race for this scope: the winner's token is committed now.
      tokens.push(await issueOneForEdge(deps, clientId, clientSecret, request));
    }
  }
  return { tokens };
}

async function issueOneForEdge(
  { db, insertGenerated, validateScope }: EdgeTokenDeps,
  clientId: string,
  clientSecret: string,
  request: { environment: string; projects: readonly string[] },
): Promise<ValidatedEdgeTokens['tokens'][number]> {
  const projects = request.projects.includes('*') ? ['*'] : [...new Set(request.projects)];

  const scope = scopeHash(request.environment, projects);
  const existing = await findIssuedToken(db, clientId, scope);
  const known =
    existing && (existing.expires_at === null || existing.expires_at.getTime() > Date.now())
      ? decryptIssuedSecret(clientSecret, existing.secret_enc)
      : null;
  if (known) {
    return { token: known, type: 'client' as const, projects, environment: request.environment };
  }
  await validateScope('client', request.environment, projects);
  const part = projects.length > 3 ? '[]' : projects.join('_');
  const created = await insertGenerated(
    {
      tokenName: `enterprise_edge_${request.environment}_${part}`,
      type: 'client',
      environment: request.environment,
      projects,
      expiresAt: null,
    },
    SYSTEM_ACTOR,
    'client',
    (trx, record, secret) =>
      saveIssuedToken(trx, {
        clientId,
        scopeHash: scope,
        tokenId: record.id,
        secretEnc: encryptIssuedSecret(clientSecret, secret),
      }),
  );
  return {
    token: created.secret as string,
    type: 'client' as const,
    projects: created.projects,
    environment: created.environment as string,
  };
}

/**
 * Spends an HMAC nonce of `POST /edge/issue-token`: false when this client used it before (a
 * replay), so every instance refuses it.
 */
export async function spendEdgeNonce(
  db: Db,
  clientId: string,
  nonce: string,
  keptUntil: Date,
): Promise<boolean> {
  return registerNonce(db, clientId, nonce, keptUntil);
}
