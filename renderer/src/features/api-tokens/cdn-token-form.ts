import { ALL_PROJECTS, endOfDayIso } from './api-token-form';
import type { CdnToken } from './cdn-token-api';

export interface CdnTokenDraft {
  tokenName: string;
  environment: string | null;
  /** One project id, or ALL_PROJECTS: a CDN token names at most one project (cdnApiTokenSchema). */
  project: string;
  /** A `YYYY-MM-DD` day, or empty for a token that never expires. */
  expiresAt: string;
}

/** What the form refuses before asking the server, by field. */
export function cdnTokenDraftProblems(draft: CdnTokenDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!draft.tokenName.trim()) problems.tokenName = 'Name the token after what uses it';
  if (!draft.environment) problems.environment = 'Choose the environment the token reads';
  return problems;
}

/** The request body; `project` is left out for all projects, which is what the server reads as all. */
export function createCdnTokenBody(draft: CdnTokenDraft): CdnToken {
  return {
    tokenName: draft.tokenName.trim(),
    environment: draft.environment ?? '',
    ...(draft.project && draft.project !== ALL_PROJECTS ? { project: draft.project } : {}),
    ...(draft.expiresAt ? { expiresAt: endOfDayIso(draft.expiresAt) } : {}),
  };
}
