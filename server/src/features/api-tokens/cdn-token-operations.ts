import type { CdnApiToken, CdnApiTokens, CreatedCdnApiToken } from '../../../contract';
import { actorOf, type Caller } from '../../lib/caller';
import { appendEvent } from '../events';
import type { ApiTokenRecord } from './api-token-rules';
import { listCdnTokens, markCdnToken } from './cdn-token-store';
import type { EdgeTokenDeps } from './edge-token-operations';

type CdnTokenDeps = Pick<EdgeTokenDeps, 'db' | 'insertGenerated' | 'validateScope'>;

function toCdnToken(record: Pick<ApiTokenRecord, 'tokenName' | 'projects' | 'environment' | 'expiresAt'>) {
  const project = record.projects[0];
  return {
    tokenName: record.tokenName,
    ...(project && project !== '*' ? { project } : {}),
    environment: record.environment,
    expiresAt: record.expiresAt?.toISOString() ?? null,
  };
}

/**
 * CDN tokens (issue 31 §5, API.md §6 "API tokens"): frontend API tokens created and listed
 * through `/api/admin/cdn/tokens`. The token row, its CDN mark and both events
 * (`api-token-created`, `cdn-token-created`) are one transaction.
 */
export function createCdnTokenOperations({ db, insertGenerated, validateScope }: CdnTokenDeps) {
  return {
    async listCdn(): Promise<CdnApiTokens> {
      return { tokens: (await listCdnTokens(db)).map(toCdnToken) };
    },

    async createCdn(body: CdnApiToken, caller: Caller): Promise<CreatedCdnApiToken> {
      const projects = [body.project ?? '*'];
      await validateScope('frontend', body.environment, projects);
      const input = {
        tokenName: body.tokenName,
        type: 'frontend' as const,
        environment: body.environment,
        projects,
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
      };
      const actor = actorOf(caller);
      const created = await insertGenerated(input, actor, 'frontend', async (trx, record) => {
        await markCdnToken(trx, record.id);
        await appendEvent(trx, {
          type: 'cdn-token-created',
          ...actor,
          data: toCdnToken(record),
          project: record.projects.length === 1 && record.projects[0] !== '*' ? record.projects[0] : null,
          environment: record.environment,
        });
      });
      return { ...toCdnToken(input), secret: created.secret as string };
    },
  };
}
