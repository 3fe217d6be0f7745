import type { ApiToken, CreateApiToken, CreateProjectApiToken, Permission } from '../../../contract';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import { type ApiTokenType, type AuditActor, actorOf, type Caller, SYSTEM_ACTOR } from '../../lib/caller';
import { badData, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { createSeenBuffer } from '../../lib/seen-buffer';
import { assertCallerHas, callerHas, type ProjectCatalog } from '../access';
import { appendEvent } from '../events';
import {
  type ApiTokenRecord,
  deleteToken,
  findByHash,
  findByPrefix,
  hashOf,
  insertToken,
  listTokens,
  markTokensSeen,
  updateExpiry,
} from './api-token-store';
import { createCdnTokenOperations } from './cdn-token-operations';
import { createEdgeTokenOperations, type GeneratedTokenInput } from './edge-token-operations';
import { createTokenAuthentication } from './token-authentication';
import {
  generateApiTokenSecret,
  hashSecret,
  parseApiTokenSecret,
  projectPartOf,
  seededPrefix,
} from './token-format';

/** The name of every token seeded from INIT_*_API_TOKENS, as Unleash names them. */
const SEEDED_TOKEN_NAME = 'admin';
/** Unleash's default environment for a token created without one. */
const DEFAULT_ENVIRONMENT = 'development';

type Action = 'create' | 'update' | 'delete' | 'read';

const PERMISSIONS: Record<ApiTokenType, Record<Action, Permission>> = {
  client: {
    create: 'CREATE_CLIENT_API_TOKEN',
    update: 'UPDATE_CLIENT_API_TOKEN',
    delete: 'DELETE_CLIENT_API_TOKEN',
    read: 'READ_CLIENT_API_TOKEN',
  },
  frontend: {
    create: 'CREATE_FRONTEND_API_TOKEN',
    update: 'UPDATE_FRONTEND_API_TOKEN',
    delete: 'DELETE_FRONTEND_API_TOKEN',
    read: 'READ_FRONTEND_API_TOKEN',
  },
  admin: { create: 'ADMIN', update: 'ADMIN', delete: 'ADMIN', read: 'ADMIN' },
};

/** The token as the admin API shows it; `secret` only right after creation. */
export function toApiToken(
  record: ApiTokenRecord,
  options: { secret?: string; type?: string } = {},
): ApiToken {
  return {
    ...(options.secret ? { secret: options.secret } : {}),
    prefix: record.prefix,
    tokenName: record.tokenName,
    type: (options.type ?? record.type) as ApiToken['type'],
    environment: record.environment,
    project: projectPartOf(record.projects),
    projects: record.projects,
    expiresAt: record.expiresAt?.toISOString() ?? null,
    createdAt: record.createdAt.toISOString(),
    seenAt: record.seenAt?.toISOString() ?? null,
    alias: record.alias,
    secure: true,
  };
}

/** Event payload: everything but the secret. */
function eventData(record: ApiTokenRecord) {
  return {
    tokenName: record.tokenName,
    prefix: record.prefix,
    type: record.type,
    environment: record.environment,
    projects: record.projects,
    expiresAt: record.expiresAt?.toISOString() ?? null,
  };
}

function singleProject(record: ApiTokenRecord): string | null {
  return record.projects.length === 1 && record.projects[0] !== '*' ? (record.projects[0] as string) : null;
}

export type ApiTokenService = ReturnType<typeof createApiTokenService>;

export function createApiTokenService({
  db,
  catalog,
  logger,
}: {
  db: Db;
  catalog: ProjectCatalog;
  logger: Logger;
}) {
  const seen = createSeenBuffer((ids, at) => markTokensSeen(db, ids, at), {
    intervalMs: 60_000,
    onError: (error) => logger.warn({ err: error }, 'could not record API token usage'),
  });
  const auth = createTokenAuthentication({ db, logger, markSeen: (id) => seen.mark(id) });

  /** A `{token}` path parameter: the whole secret, or the prefix lists show. */
  async function resolve(q: Queryable, param: string): Promise<ApiTokenRecord | undefined> {
    return (await findByHash(q, hashSecret(param))) ?? (await findByPrefix(q, param));
  }

  async function validateScope(type: ApiTokenType, environment: string, projects: string[]): Promise<void> {
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
    input: GeneratedTokenInput,
    actor: AuditActor,
    requestedType: string,
    /** More writes in the token's transaction (Edge's issued-token row). */
    within?: (trx: Queryable, record: ApiTokenRecord, secret: string) => Promise<void>,
  ): Promise<ApiToken> {
    const created = await inTransaction(db, async (trx) => {
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
          data: eventData(record),
          project: singleProject(record),
          environment: record.environment,
        });
        await within?.(trx, record, secret);
        return { record, secret };
      }
      throw new Error('could not draw an unused API token prefix');
    });
    const createdHash = hashSecret(created.secret);
    auth.changed(createdHash, created.record);
    return toApiToken(created.record, { secret: created.secret, type: requestedType });
  }

  function normaliseType(raw: string): { stored: ApiTokenType; shown: string } {
    const shown = raw.toLowerCase();
    return { stored: shown === 'backend' ? 'client' : (shown as ApiTokenType), shown };
  }

  function visibleTypes(caller: Caller): ApiTokenType[] {
    return (['client', 'frontend', 'admin'] as const).filter((type) =>
      callerHas(caller, PERMISSIONS[type].read),
    );
  }

  const edgeTokens = createEdgeTokenOperations({
    db,
    seen,
    insertGenerated,
    validateScope,
    fromMemory: auth.fromMemory,
  });

  return {
    authenticate: auth.authenticate,
    peek: auth.peek,

    async list(caller: Caller): Promise<ApiToken[]> {
      return (await listTokens(db, { types: visibleTypes(caller) })).map((record) => toApiToken(record));
    },

    async listByName(name: string, caller: Caller): Promise<ApiToken[]> {
      return (await listTokens(db, { types: visibleTypes(caller), name })).map((record) =>
        toApiToken(record),
      );
    },

    /** Tokens scoped to a project (not the all-projects ones), for the project's token page. */
    async listForProject(projectId: string): Promise<ApiToken[]> {
      if (!(await catalog.projectExists(projectId))) throw notFound(`Could not find project ${projectId}`);
      const records = await listTokens(db, { types: ['client', 'frontend'], project: projectId });
      return records.map((record) => toApiToken(record));
    },

    async create(body: CreateApiToken, caller: Caller): Promise<ApiToken> {
      const { stored, shown } = normaliseType(body.type);
      assertCallerHas(caller, PERMISSIONS[stored].create);
      const environment = body.environment ?? DEFAULT_ENVIRONMENT;
      let projects = body.projects ?? (body.project ? [body.project] : ['*']);
      if (projects.includes('*')) projects = ['*'];
      await validateScope(stored, environment, projects);
      const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
      return insertGenerated(
        { tokenName: body.tokenName, type: stored, environment, projects, expiresAt },
        actorOf(caller),
        shown,
      );
    },

    async createForProject(
      projectId: string,
      body: CreateProjectApiToken,
      caller: Caller,
    ): Promise<ApiToken> {
      if (!(await catalog.projectExists(projectId))) throw notFound(`Could not find project ${projectId}`);
      const { stored, shown } = normaliseType(body.type);
      const environment = body.environment ?? DEFAULT_ENVIRONMENT;
      await validateScope(stored, environment, [projectId]);
      const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
      return insertGenerated(
        { tokenName: body.tokenName, type: stored, environment, projects: [projectId], expiresAt },
        actorOf(caller),
        shown,
      );
    },

    /** New expiry; an unknown token is a no-op answered 200, as Unleash does. */
    async updateExpiry(param: string, expiresAt: string, caller: Caller): Promise<void> {
      const updated = await inTransaction(db, async (trx) => {
        const before = await resolve(trx, param);
        if (!before) return undefined;
        assertCallerHas(caller, PERMISSIONS[before.type].update);
        await updateExpiry(trx, before.id, new Date(expiresAt));
        const after: ApiTokenRecord = { ...before, expiresAt: new Date(expiresAt) };
        await appendEvent(trx, {
          type: 'api-token-updated',
          ...actorOf(caller),
          data: eventData(after),
          preData: eventData(before),
          project: singleProject(after),
          environment: after.environment,
        });
        const hash = await hashOf(trx, before.id);
        return hash === undefined ? undefined : { hash, after };
      });
      if (updated) {
        auth.changed(updated.hash, updated.after);
      }
    },

    /** Deletes a token; deleting an unknown one answers 200 (API.md §6.1 observed). */
    async remove(param: string, caller: Caller, projectId?: string): Promise<void> {
      const hash = await inTransaction(db, async (trx) => {
        const token = await resolve(trx, param);
        if (!token) {
          if (projectId !== undefined) throw notFound('Could not find the API token');
          return undefined;
        }
        if (projectId !== undefined) {
          // The project route only deletes tokens of that project alone.
          if (token.projects.length !== 1 || token.projects[0] !== projectId) {
            throw notFound('Could not find the API token in this project');
          }
        } else {
          assertCallerHas(caller, PERMISSIONS[token.type].delete);
        }
        const tokenHash = await hashOf(trx, token.id);
        await deleteToken(trx, token);
        await appendEvent(trx, {
          type: 'api-token-deleted',
          ...actorOf(caller),
          preData: eventData(token),
          project: singleProject(token),
          environment: token.environment,
        });
        return tokenHash;
      });
      if (hash) {
        auth.changed(hash, null);
      }
    },

    ...edgeTokens,

    ...createCdnTokenOperations({ db, insertGenerated, validateScope }),

    /** Creates the tokens named in configuration that do not exist yet (nor were deleted). */
    async seed(initTokens: Config['initApiTokens']): Promise<void> {
      const entries = [
        ...initTokens.admin.map((secret) => ['admin', secret] as const),
        ...initTokens.client.map((secret) => ['client', secret] as const),
        ...initTokens.frontend.map((secret) => ['frontend', secret] as const),
      ];
      if (entries.length === 0) return;
      await inTransaction(db, async (trx) => {
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
              data: eventData(record),
              project: singleProject(record),
              environment: record.environment,
            });
            auth.changed(hashSecret(secret), record);
          }
        }
      });
    },

    /** Loads every token into memory and keeps re-reading them (issue 31); called when the app is ready. */
    start: auth.start,
    /** Tokens changed on another instance (issue 17): every token is read again. */
    forgetCached: auth.tokensChanged,
    /** Stops the re-reads and writes pending "seen" marks; called when the app closes. */
    close: () => {
      auth.stop();
      return seen.stop();
    },
  };
}
