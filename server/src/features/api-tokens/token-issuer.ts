import type { ApiToken } from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import type { ApiTokenType, AuditActor } from '../../lib/caller';
import { badData } from '../../lib/errors';
import type { ProjectCatalog } from '../access';
import { appendEvent } from '../events';
import type { ApiTokenRecord } from './api-token-rules';
import { singleProject, toApiToken, tokenEventData } from './api-token-rules';
import { findByHash, findByPrefix, insertToken } from './api-token-store';
import type { GeneratedTokenInput } from './edge-token-operations';
import { generateApiTokenSecret, hashSecret } from './token-format';

export interface TokenIssuerDeps {
  db: Db;
  catalog: ProjectCatalog;
  /** Tells the in-memory tokens a token was made, changed (record) or deleted (null). */
  changed(hash: string, record: ApiTokenRecord | null): void;
}

/** A `{token}` path parameter: the whole secret, or the prefix lists show. */
export async function resolveToken(q: Queryable, param: string): Promise<ApiTokenRecord | undefined> {
  return (await findByHash(q, hashSecret(param))) ?? (await findByPrefix(q, param));
}

async function validateScope(
  catalog: ProjectCatalog,
  type: ApiTokenType,
  environment: string,
  projects: string[],
): Promise<void> {
  if (environment === '*') {
    const label = type === 'client' ? 'Client' : 'Frontend';
    throw badData(`${label} token cannot be scoped to all environments`);
  }
  if (!(await catalog.environmentExists(environment)))
    throw badData(`Environment=${environment} does not exist`);
  const missing = await catalog.missingProjects(projects);
  if (missing.length > 0) throw badData(`Project=${missing[0]} does not exist`);
}

async function insertGenerated(
  deps: TokenIssuerDeps,
  input: GeneratedTokenInput,
  actor: AuditActor,
  requestedType: string,
  /** More writes in the token's transaction (Edge's issued-token row). */
  within?: (trx: Queryable, record: ApiTokenRecord, secret: string) => Promise<void>,
): Promise<ApiToken> {
  const created = await inTransaction(deps.db, async (trx) => {
    // A prefix collision (32 random bits) is rare but possible: draw another secret.
    for (let attempt = 0; attempt < 5; attempt++) {
      const { secret, prefix } = generateApiTokenSecret(input.projects, input.environment);
      const record = await insertToken(trx, {
        ...input,
        secretHash: hashSecret(secret),
        prefix,
        createdByUserId: actor.createdByUserId,
        seeded: false,
      });
      if (!record) continue;
      await appendEvent(trx, {
        type: 'api-token-created',
        ...actor,
        data: tokenEventData(record, { created: true }),
        project: singleProject(record),
        environment: record.environment,
      });
      await within?.(trx, record, secret);
      return { record, secret };
    }
    throw new Error('could not draw an unused API token prefix');
  });
  deps.changed(hashSecret(created.secret), created.record);
  return toApiToken(created.record, { secret: created.secret, type: requestedType });
}

/** Makes tokens with fresh secrets, for the admin API, Edge and the CDN alike. */
export function createTokenIssuer(deps: TokenIssuerDeps) {
  return {
    validateScope: (type: ApiTokenType, environment: string, projects: string[]) =>
      validateScope(deps.catalog, type, environment, projects),
    insertGenerated: (
      input: GeneratedTokenInput,
      actor: AuditActor,
      requestedType: string,
      within?: (trx: Queryable, record: ApiTokenRecord, secret: string) => Promise<void>,
    ) => insertGenerated(deps, input, actor, requestedType, within),
  };
}

export type TokenIssuer = ReturnType<typeof createTokenIssuer>;
