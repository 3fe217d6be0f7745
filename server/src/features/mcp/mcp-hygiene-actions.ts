import { type AdminCall, expectOk } from './mcp-admin-call';
import type { ToolAnswer } from './mcp-flag-actions';

interface FlagView {
  name: string;
  stale: boolean;
  archived?: boolean;
  environments: Array<{
    name: string;
    enabled: boolean;
    lastSeenAt?: string | null;
    yes?: number;
    no?: number;
  }>;
}

interface References {
  total: number;
  lastSeenInCode: string | null;
  repositories: Array<{ name: string; references: Array<{ path: string; line: number }> }>;
}

const DAY_MS = 86_400_000;

/** What the readiness answer weighs: pure, so the wording is tested without a server. */
export function readinessOf(view: FlagView, references: References, now: Date) {
  const seen = view.environments
    .map((environment) => environment.lastSeenAt)
    .filter((at): at is string => Boolean(at))
    .sort()
    .at(-1);
  const daysSinceSeen = seen ? Math.floor((now.getTime() - Date.parse(seen)) / DAY_MS) : null;
  const lastHour = view.environments.reduce(
    (sum, environment) => sum + (environment.yes ?? 0) + (environment.no ?? 0),
    0,
  );
  const places = references.repositories.flatMap((repository) =>
    repository.references.map((reference) => `${repository.name}: ${reference.path}:${reference.line}`),
  );
  const blockers = [
    ...(references.total > 0
      ? [`still used in code (${references.total} reference${references.total === 1 ? '' : 's'})`]
      : []),
    ...(lastHour > 0 ? [`evaluated ${lastHour} times by SDKs in the last hour`] : []),
    ...(daysSinceSeen !== null && daysSinceSeen < 7
      ? [`seen by an SDK ${daysSinceSeen === 0 ? 'today' : `${daysSinceSeen} days ago`}`]
      : []),
  ];
  const ready = blockers.length === 0;
  return {
    flag: view.name,
    ready,
    stale: view.stale,
    lastSeenBySdk: seen ?? null,
    daysSinceSeen,
    evaluationsLastHour: lastHour,
    codeReferences: references.total,
    lastSeenInCode: references.lastSeenInCode,
    places: places.slice(0, 20),
    summary: ready
      ? `${view.name} can be archived: no scanned code uses it and no SDK has evaluated it for a week${view.stale ? '; it is marked stale' : ''}.`
      : `${view.name} is not ready to archive: ${blockers.join('; ')}.`,
  };
}

/** Removal readiness (issue 36 §4, 37 §2): SDK activity, code references, staleness. */
export async function removalReadiness(
  call: AdminCall,
  input: { project: string; flag: string },
  now = new Date(),
): Promise<ToolAnswer> {
  const base = `/api/admin/projects/${encodeURIComponent(input.project)}/features/${encodeURIComponent(input.flag)}`;
  const [view, references] = await Promise.all([
    expectOk<FlagView>(call, 'GET', base),
    expectOk<References>(call, 'GET', `${base}/code-references`),
  ]);
  const data = readinessOf(view, references, now);
  const where = data.places.length
    ? `\nStill referenced at:\n${data.places.map((place) => `- ${place}`).join('\n')}`
    : '';
  return { text: `${data.summary}${where}`, data };
}
