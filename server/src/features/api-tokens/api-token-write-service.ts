import type { ApiToken, CreateApiToken, CreateProjectApiToken } from '../../../contract';
import type { Config } from '../../config';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import { actorOf, type Caller, SYSTEM_ACTOR } from '../../lib/caller';
import { notFound } from '../../lib/errors';
import { assertCallerHas } from '../access';
import { appendEvent } from '../events';
import {
  type ApiTokenRecord,
  normaliseType,
  PERMISSIONS,
  singleProject,
  tokenEventData,
} from './api-token-rules';
import { deleteToken, hashOf, insertToken, updateExpiry } from './api-token-store';
import { hashSecret, parseApiTokenSecret, seededPrefix } from './token-format';
import { resolveToken, type TokenIssuer, type TokenIssuerDeps } from './token-issuer';

/** The name of every token seeded from INIT_*_API_TOKENS, as Unleash names them. */
const SEEDED_TOKEN_NAME = 'admin';
/** Unleash's default environment for a token created without one. */
const DEFAULT_ENVIRONMENT = 'development';

type WriteDeps = TokenIssuerDeps & { issuer: TokenIssuer };

async function create(deps: WriteDeps, body: CreateApiToken, caller: Caller): Promise<ApiToken> {
  const { stored, shown } = normaliseType(body.type);
  assertCallerHas(caller, PERMISSIONS[stored].create);
  const environment = body.environment ?? DEFAULT_ENVIRONMENT;
  let projects = body.projects ?? (body.project ? [body.project] : ['*']);
  if (projects.includes('*')) projects = ['*'];
  await deps.issuer.validateScope(stored, environment, projects);
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
  return deps.issuer.insertGenerated(
    { tokenName: body.tokenName, type: stored, environment, projects, expiresAt },
    actorOf(caller),
    shown,
  );
}

async function createForProject(
  deps: WriteDeps,
  projectId: string,
  body: CreateProjectApiToken,
  caller: Caller,
): Promise<ApiToken> {
  if (!(await deps.catalog.projectExists(projectId))) throw notFound(`Could not find project ${projectId}`);
  const { stored, shown } = normaliseType(body.type);
  const environment = body.environment ?? DEFAULT_ENVIRONMENT;
  await deps.issuer.validateScope(stored, environment, [projectId]);
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
  return deps.issuer.insertGenerated(
    { tokenName: body.tokenName, type: stored, environment, projects: [projectId], expiresAt },
    actorOf(caller),
    shown,
  );
}

/** New expiry; an unknown token is a no-op answered 200, as Unleash does. */
async function changeExpiry(
  deps: WriteDeps,
  param: string,
  expiresAt: string,
  caller: Caller,
): Promise<void> {
  const updated = await inTransaction(deps.db, async (trx) => {
    const before = await resolveToken(trx, param);
    if (!before) return undefined;
    assertCallerHas(caller, PERMISSIONS[before.type].update);
    await updateExpiry(trx, before.id, new Date(expiresAt));
    const after: ApiTokenRecord = { ...before, expiresAt: new Date(expiresAt) };
    await appendEvent(trx, {
      type: 'api-token-updated',
      ...actorOf(caller),
      data: tokenEventData(after),
      preData: tokenEventData(before),
      project: singleProject(after),
      environment: after.environment,
    });
    const hash = await hashOf(trx, before.id);
    return hash === undefined ? undefined : { hash, after };
  });
  if (updated) deps.changed(updated.hash, updated.after);
}

/** The token a delete addresses: the project route only deletes tokens of that project alone. */
async function tokenToDelete(
  trx: Queryable,
  param: string,
  caller: Caller,
  projectId: string | undefined,
): Promise<ApiTokenRecord | undefined> {
  const token = await resolveToken(trx, param);
  if (!token) {
    if (projectId !== undefined) throw notFound('Could not find the API token');
    return undefined;
  }
  if (projectId !== undefined) {
    if (token.projects.length !== 1 || token.projects[0] !== projectId) {
      throw notFound('Could not find the API token in this project');
    }
  } else {
    assertCallerHas(caller, PERMISSIONS[token.type].delete);
  }
  return token;
}

/** Deletes a token; deleting an unknown one answers 200 (API.md §6.1 observed). */
async function remove(deps: WriteDeps, param: string, caller: Caller, projectId?: string): Promise<void> {
  const hash = await inTransaction(deps.db, async (trx) => {
    const token = await tokenToDelete(trx, param, caller, projectId);
    if (!token) return undefined;
    const tokenHash = await hashOf(trx, token.id);
    await deleteToken(trx, token);
    await appendEvent(trx, {
      type: 'api-token-deleted',
      ...actorOf(caller),
      preData: tokenEventData(token),
      project: singleProject(token),
      environment: token.environment,
    });
    return tokenHash;
  });
  if (hash) deps.changed(hash, null);
}

/** Creates the tokens named in configuration that do not exist yet (nor were deleted). */
async function seed(deps: WriteDeps, initTokens: Config['initApiTokens']): Promise<void> {
  const entries = [
    ...initTokens.admin.map((secret) => ['admin', secret] as const),
    ...initTokens.client.map((secret) => ['client', secret] as const),
    ...initTokens.frontend.map((secret) => ['frontend', secret] as const),
  ];
  if (entries.length === 0) return;
  await inTransaction(deps.db, async (trx) => {
    for (const [type, secret] of entries) {
      const parsed = parseApiTokenSecret(secret);
      if (!parsed)
        throw new Error(
          `a configured ${type} API token does not have the form <project>:<environment>.<secret>`,
        );
      const record = await insertToken(trx, {
        secretHash: hashSecret(secret),
        prefix: seededPrefix(secret),
        // Unleash names them all "admin", the author of what they change (issue 31 §4).
        tokenName: SEEDED_TOKEN_NAME,
        type,
        environment: parsed.environment,
        projects: [parsed.projectPart],
        expiresAt: null,
        createdByUserId: SYSTEM_ACTOR.createdByUserId,
        seeded: true,
      });
      if (record) {
        await appendEvent(trx, {
          type: 'api-token-created',
          ...SYSTEM_ACTOR,
          data: tokenEventData(record, { created: true }),
          project: singleProject(record),
          environment: record.environment,
        });
        deps.changed(hashSecret(secret), record);
      }
    }
  });
}

/** Creating, re-dating, deleting and seeding admin-API tokens, each with its event. */
export function createApiTokenWriteService(deps: WriteDeps) {
  return {
    create: (body: CreateApiToken, caller: Caller) => create(deps, body, caller),
    createForProject: (projectId: string, body: CreateProjectApiToken, caller: Caller) =>
      createForProject(deps, projectId, body, caller),
    updateExpiry: (param: string, expiresAt: string, caller: Caller) =>
      changeExpiry(deps, param, expiresAt, caller),
    remove: (param: string, caller: Caller, projectId?: string) => remove(deps, param, caller, projectId),
    seed: (initTokens: Config['initApiTokens']) => seed(deps, initTokens),
  };
}
