import type { ApiToken } from '../../../contract';
import type { Db } from '../../db/database';
import type { ApiTokenType, Caller } from '../../lib/caller';
import { notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { createSeenBuffer } from '../../lib/seen-buffer';
import { callerHas, type ProjectCatalog } from '../access';
import { PERMISSIONS, toApiToken } from './api-token-rules';
import { listTokens, markTokensSeen } from './api-token-store';
import { createApiTokenWriteService } from './api-token-write-service';
import { createCdnTokenOperations } from './cdn-token-operations';
import { createEdgeTokenOperations } from './edge-token-operations';
import { createTokenAuthentication } from './token-authentication';
import { createTokenIssuer } from './token-issuer';

export { toApiToken } from './api-token-rules';

function visibleTypes(caller: Caller): ApiTokenType[] {
  return (['client', 'frontend', 'admin'] as const).filter((type) =>
    callerHas(caller, PERMISSIONS[type].read),
  );
}

/** The token lists the admin API shows, each limited to the types the caller may read. */
function createApiTokenReadService(db: Db, catalog: ProjectCatalog) {
  return {
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
  };
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
  const issuerDeps = { db, catalog, changed: auth.changed };
  const issuer = createTokenIssuer(issuerDeps);
  const { insertGenerated, validateScope } = issuer;

  return {
    authenticate: auth.authenticate,
    peek: auth.peek,
    ...createApiTokenReadService(db, catalog),
    ...createApiTokenWriteService({ ...issuerDeps, issuer }),
    ...createEdgeTokenOperations({ db, seen, insertGenerated, validateScope, fromMemory: auth.fromMemory }),
    ...createCdnTokenOperations({ db, insertGenerated, validateScope }),
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
