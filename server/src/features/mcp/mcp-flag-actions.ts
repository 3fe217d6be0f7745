import { type AdminCall, AdminRefusal, expectOk } from './mcp-admin-call';

/** What a tool answers: the agent reads the text; `data` is the same as JSON. */
export interface ToolAnswer {
  text: string;
  data: unknown;
}

interface Strategy {
  id: string;
  name: string;
  parameters?: Record<string, string>;
  constraints?: unknown[];
  variants?: unknown[];
  segments?: number[];
  disabled?: boolean | null;
  title?: string | null;
}

interface ChangeRequestAnswer {
  id: number;
  state?: string;
}

const flagPath = (project: string, flag: string) =>
  `/api/admin/projects/${encodeURIComponent(project)}/features/${encodeURIComponent(flag)}`;
const environmentPath = (project: string, flag: string, environment: string) =>
  `${flagPath(project, flag)}/environments/${encodeURIComponent(environment)}`;

/**
 * A write that may be governed by change requests: tried directly, and when the environment
 * takes change requests (403 naming SKIP_CHANGE_REQUEST), submitted as one instead, never a bypass.
 */
async function writeOrRequest(
  call: AdminCall,
  target: { project: string; flag: string; environment: string; consoleUrl: string },
  direct: () => Promise<unknown>,
  changes: Array<{ action: string; payload: unknown }>,
  done: string,
): Promise<ToolAnswer> {
  try {
    await direct();
    return { text: done, data: { applied: true } };
  } catch (error) {
    if (!(error instanceof AdminRefusal) || !error.needsChangeRequest) throw error;
  }
  const { project, flag, environment, consoleUrl } = target;
  const body = changes.map((change) => ({ feature: flag, ...change }));
  const request = await expectOk<ChangeRequestAnswer>(
    call,
    'POST',
    `/api/admin/projects/${encodeURIComponent(project)}/environments/${encodeURIComponent(environment)}/change-requests`,
    body.length === 1 ? body[0] : body,
  );
  const url = `${consoleUrl}/projects/${encodeURIComponent(project)}/change-requests/${request.id}`;
  // Proposed for review at once: an agent's change waits for a person's approval, not in a draft.
  const review = await call(
    'PUT',
    `/api/admin/projects/${encodeURIComponent(project)}/change-requests/${request.id}/state`,
    { state: 'In review' },
  );
  const state = review.status === 200 ? 'In review' : (request.state ?? 'Draft');
  return {
    text: `${environment} in ${project} takes change requests: change request ${request.id} holds this change (${state}). A reviewer approves and applies it at ${url}`,
    data: { applied: false, changeRequestId: request.id, state, url },
  };
}

export async function setFlagEnabled(
  call: AdminCall,
  input: { project: string; flag: string; environment: string; enabled: boolean; consoleUrl: string },
): Promise<ToolAnswer> {
  const path = `${environmentPath(input.project, input.flag, input.environment)}/${input.enabled ? 'on' : 'off'}`;
  return writeOrRequest(
    call,
    input,
    () => expectOk(call, 'POST', path),
    [{ action: 'updateEnabled', payload: { enabled: input.enabled } }],
    `${input.flag} is now ${input.enabled ? 'on' : 'off'} in ${input.environment}.`,
  );
}

/** The gradual rollout to change: the one named, the only one, or none (several: ask). */
function rolloutToChange(strategies: Strategy[], strategyId: string | undefined): Strategy | null {
  if (strategyId) {
    const named = strategies.find((strategy) => strategy.id === strategyId);
    if (!named) throw new Error(`No strategy ${strategyId} in this environment.`);
    return named;
  }
  const rollouts = strategies.filter((strategy) => strategy.name === 'flexibleRollout');
  if (rollouts.length > 1) {
    const ids = rollouts
      .map((rollout) => `${rollout.id} (${rollout.parameters?.rollout ?? '?'}%)`)
      .join(', ');
    throw new Error(`This environment has several gradual rollouts; name one with strategyId: ${ids}`);
  }
  return rollouts[0] ?? null;
}

/**
 * The flag then serves `percent`%: its one gradual rollout is updated; with none, the plain
 * default strategies that enabling added are replaced by a gradual rollout.
 */
export async function setRollout(
  call: AdminCall,
  input: {
    project: string;
    flag: string;
    environment: string;
    percent: number;
    stickiness?: string | undefined;
    strategyId?: string | undefined;
    consoleUrl: string;
  },
): Promise<ToolAnswer> {
  const base = `${environmentPath(input.project, input.flag, input.environment)}/strategies`;
  const strategies = await expectOk<Strategy[]>(call, 'GET', base);
  const rollout = rolloutToChange(strategies, input.strategyId);
  const done = `${input.flag} now rolls out to ${input.percent}% in ${input.environment}.`;
  if (rollout) {
    // A strategy named by id that is not yet a gradual rollout becomes one.
    const kept =
      rollout.name === 'flexibleRollout'
        ? rollout.parameters
        : { stickiness: 'default', groupId: input.flag };
    const parameters = {
      ...kept,
      rollout: String(input.percent),
      ...(input.stickiness ? { stickiness: input.stickiness } : {}),
    };
    const updated = { ...rollout, name: 'flexibleRollout', parameters };
    return writeOrRequest(
      call,
      input,
      () => expectOk(call, 'PUT', `${base}/${rollout.id}`, updated),
      [{ action: 'updateStrategy', payload: updated }],
      done,
    );
  }
  // No gradual rollout yet: the plain default strategy enabling added becomes one, in one write
  // (a strategy's update may change its name), so the flag never serves 100% and the rollout at once.
  const plainDefaults = strategies.filter(
    (strategy) => strategy.name === 'default' && (strategy.constraints ?? []).length === 0,
  );
  if (plainDefaults.length > 1) {
    throw new Error(
      `This environment has ${plainDefaults.length} plain default strategies; name the one to turn into the rollout with strategyId: ${plainDefaults.map((strategy) => strategy.id).join(', ')}`,
    );
  }
  const parameters = {
    rollout: String(input.percent),
    stickiness: input.stickiness ?? 'default',
    groupId: input.flag,
  };
  const [plain] = plainDefaults;
  if (plain) {
    const converted = { ...plain, name: 'flexibleRollout', parameters };
    return writeOrRequest(
      call,
      input,
      () => expectOk(call, 'PUT', `${base}/${plain.id}`, converted),
      [{ action: 'updateStrategy', payload: converted }],
      done,
    );
  }
  const added = { name: 'flexibleRollout', parameters, constraints: [] };
  return writeOrRequest(
    call,
    input,
    () => expectOk(call, 'POST', base, added),
    [{ action: 'addStrategy', payload: added }],
    done,
  );
}
