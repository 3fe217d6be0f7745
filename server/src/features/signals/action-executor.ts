import type { ActionSetEvent, Signal } from '../../../contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { UserCaller } from '../../lib/caller';
import { callerHas, permissionDenied, resolveGrants } from '../access';
import { directWriteCheckFor } from '../change-requests';
import { applyAdminOperation } from '../operations';
import { toActionSet } from './action-set-service';
import {
  type ActionRecord,
  type ActionSetRecord,
  featureEnvironmentEnabled,
  finishActionSetEvent,
  insertActionSetEvent,
  listEnabledActionSetsOfSource,
  serviceAccountOf,
} from './action-set-store';
import { payloadMatches } from './payload-filters';
import type { SignalRecord } from './signal-endpoint-store';

/** Executions kept per action set; older log entries are pruned. */
export const ACTION_SET_EVENTS_KEPT = 100;

type LoggedActionSet = ActionSetEvent['actionSet'];
type LoggedAction = LoggedActionSet['actions'][number];

export function toSignalSnapshot(signal: SignalRecord): Signal {
  return {
    id: signal.id,
    source: signal.source,
    sourceId: signal.sourceId,
    createdAt: signal.createdAt.toISOString(),
    createdBySourceTokenId: signal.createdBySourceTokenId,
    tokenName: signal.tokenName,
    payload: signal.payload,
  };
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The service account as a caller, with the permissions it holds now. */
async function callerOf(db: Db, actorId: number): Promise<UserCaller> {
  const account = await serviceAccountOf(db, actorId);
  if (!account) throw new Error(`The actor ${actorId} is not a service account.`);
  return {
    kind: 'user',
    id: account.id,
    username: account.username,
    name: account.name,
    email: account.email,
    isService: true,
    via: 'pat',
    grants: await resolveGrants(db, account.id),
  };
}

/**
 * One action, as the admin API would apply it for this caller: its permission checked, the
 * change-request rules enforced, the change and its event written in one transaction.
 */
async function runAction(db: Db, caller: UserCaller, action: ActionRecord): Promise<void> {
  const { project, environment, featureName } = action.executionParams;
  if (!callerHas(caller, 'UPDATE_FEATURE_ENVIRONMENT', { project, environment })) {
    throw permissionDenied(['UPDATE_FEATURE_ENVIRONMENT']);
  }
  const actor = {
    name: caller.username ?? caller.name ?? `user-${caller.id}`,
    userId: caller.id,
    checkDirectWrite: directWriteCheckFor(caller),
  };
  await inTransaction(db, async (trx) => {
    let enabled = action.action === 'ENABLE_FEATURE';
    if (action.action === 'TOGGLE_FEATURE') {
      const current = await featureEnvironmentEnabled(trx, featureName, environment);
      enabled = !current;
    }
    await applyAdminOperation(
      trx,
      { kind: 'set-feature-environment-enabled', project, featureName, environment, enabled },
      actor,
    );
  });
}

/**
 * Runs one action set for a signal: actions in order, stopping at the first failure (as
 * Unleash does), each outcome written to the set's execution log.
 */
export async function runActionSet(
  db: Db,
  set: ActionSetRecord,
  signal: SignalRecord,
): Promise<'success' | 'failed'> {
  const logged: LoggedActionSet = {
    ...toActionSet(set),
    actions: toActionSet(set).actions.map((action): LoggedAction => ({ ...action, state: 'not started' })),
  };
  const eventId = await inTransaction(db, (trx) =>
    insertActionSetEvent(
      trx,
      {
        actionSetId: set.id,
        signalId: signal.id,
        state: 'started',
        signal: toSignalSnapshot(signal),
        actionSet: logged,
      },
      ACTION_SET_EVENTS_KEPT,
    ),
  );
  let state: 'success' | 'failed' = 'success';
  try {
    const caller = await callerOf(db, set.actorId);
    for (const [index, action] of set.actions.entries()) {
      const entry = logged.actions[index] as LoggedAction;
      try {
        await runAction(db, caller, action);
        entry.state = 'success';
      } catch (error) {
        entry.state = 'failed';
        entry.details = message(error);
        state = 'failed';
        break;
      }
    }
  } catch (error) {
    state = 'failed';
    const first = logged.actions[0];
    if (first) {
      first.state = 'failed';
      first.details = message(error);
    }
  }
  await finishActionSetEvent(db, eventId, state, logged);
  return state;
}

/** Every enabled action set whose source and filters match the signal, one after the other. */
export async function runActionSetsFor(db: Db, signal: SignalRecord): Promise<number> {
  const sets = await listEnabledActionSetsOfSource(db, signal.sourceId);
  let ran = 0;
  for (const set of sets) {
    if (!payloadMatches(set.filters, signal.payload)) continue;
    await runActionSet(db, set, signal);
    ran += 1;
  }
  return ran;
}
