import { type AdminCall, expectOk } from './mcp-admin-call';
import type { ToolAnswer } from './mcp-flag-actions';

interface SearchAnswer {
  features: Array<{
    name: string;
    project: string;
    type: string;
    stale: boolean;
    potentiallyStale?: boolean;
    lastSeenAt?: string | null;
    environments: Array<{ name: string; enabled: boolean; lastSeenAt?: string | null }>;
  }>;
  total?: number;
}

interface FlagView {
  name: string;
  project: string;
  type: string;
  description?: string | null;
  stale: boolean;
  environments: Array<{
    name: string;
    enabled: boolean;
    lastSeenAt?: string | null;
    yes?: number;
    no?: number;
    strategies: Array<{
      id: string;
      name: string;
      parameters?: Record<string, string>;
      constraints?: unknown[];
    }>;
  }>;
}

const json = (data: unknown) => JSON.stringify(data, null, 2);

export async function listFlags(
  call: AdminCall,
  input: { project?: string | undefined; query?: string | undefined; staleOnly?: boolean | undefined },
): Promise<ToolAnswer> {
  const query = new URLSearchParams({ limit: '100' });
  if (input.project) query.set('project', `IS:${input.project}`);
  if (input.query) query.set('query', input.query);
  if (input.staleOnly) query.set('state', 'IS_ANY_OF:stale,potentially-stale');
  const answer = await expectOk<SearchAnswer>(call, 'GET', `/api/admin/search/features?${query}`);
  const flags = answer.features.map((flag) => ({
    name: flag.name,
    project: flag.project,
    type: flag.type,
    stale: flag.stale || Boolean(flag.potentiallyStale),
    lastSeenAt: flag.lastSeenAt ?? null,
    enabledIn: flag.environments
      .filter((environment) => environment.enabled)
      .map((environment) => environment.name),
  }));
  const total = answer.total ?? flags.length;
  return {
    text: `${total} flag(s)${total > flags.length ? `, first ${flags.length} shown` : ''}:\n${json(flags)}`,
    data: flags,
  };
}

/** A flag's state per environment: on/off, its strategies (rollout %), last hour's evaluations. */
export async function getFlag(
  call: AdminCall,
  input: { project: string; flag: string },
): Promise<ToolAnswer> {
  const path = `/api/admin/projects/${encodeURIComponent(input.project)}/features/${encodeURIComponent(input.flag)}`;
  const view = await expectOk<FlagView>(call, 'GET', path);
  const data = {
    name: view.name,
    project: view.project,
    type: view.type,
    description: view.description ?? null,
    stale: view.stale,
    environments: view.environments.map((environment) => ({
      name: environment.name,
      enabled: environment.enabled,
      lastSeenAt: environment.lastSeenAt ?? null,
      lastHour: { yes: environment.yes ?? 0, no: environment.no ?? 0 },
      strategies: environment.strategies.map((strategy) => ({
        id: strategy.id,
        name: strategy.name,
        ...(strategy.parameters?.rollout !== undefined
          ? { rollout: Number(strategy.parameters.rollout) }
          : {}),
        constraints: strategy.constraints?.length ?? 0,
      })),
    })),
  };
  return { text: json(data), data };
}

interface PlaygroundAnswer {
  features: Array<{
    name: string;
    isEnabled: boolean;
    variant?: { name: string; enabled: boolean; payload?: unknown } | null;
    strategies?: { result?: unknown };
  }>;
}

/** The playground for one flag: what an SDK in `environment` would answer for `context`. */
export async function evaluateFlag(
  call: AdminCall,
  input: { flag: string; environment: string; context: Record<string, string> },
): Promise<ToolAnswer> {
  const answer = await expectOk<PlaygroundAnswer>(call, 'POST', '/api/admin/playground', {
    projects: '*',
    environment: input.environment,
    context: { appName: 'switchyard-mcp', ...input.context },
  });
  const feature = answer.features.find((candidate) => candidate.name === input.flag);
  if (!feature) throw new Error(`No flag "${input.flag}" is visible to this token.`);
  const data = {
    flag: feature.name,
    environment: input.environment,
    enabled: feature.isEnabled,
    variant: feature.variant?.enabled ? feature.variant.name : null,
    payload: feature.variant?.enabled ? (feature.variant.payload ?? null) : null,
  };
  return { text: json(data), data };
}

interface ChangeRequestList {
  id: number;
  title?: string;
  state: string;
  environment: string;
  createdBy?: { username?: string | null } | null;
}

export async function listChangeRequests(call: AdminCall, input: { project: string }): Promise<ToolAnswer> {
  const list = await expectOk<ChangeRequestList[]>(
    call,
    'GET',
    `/api/admin/projects/${encodeURIComponent(input.project)}/change-requests`,
  );
  const data = list.map((request) => ({
    id: request.id,
    title: request.title ?? null,
    state: request.state,
    environment: request.environment,
    createdBy: request.createdBy?.username ?? null,
  }));
  return { text: `${data.length} change request(s):\n${json(data)}`, data };
}

/** Moves a change request: `In review`, `Approved`, `Applied` (the same checks as the console). */
export async function moveChangeRequest(
  call: AdminCall,
  input: { project: string; id: number; state: 'In review' | 'Approved' | 'Applied' },
): Promise<ToolAnswer> {
  const answer = await expectOk<{ id: number; state: string }>(
    call,
    'PUT',
    `/api/admin/projects/${encodeURIComponent(input.project)}/change-requests/${input.id}/state`,
    { state: input.state },
  );
  return { text: `Change request ${answer.id} is now ${answer.state}.`, data: answer };
}
