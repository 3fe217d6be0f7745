import type {
  CreateFeature,
  FlagsAsCodeApply,
  FlagsAsCodeChange,
  FlagsAsCodeDocument,
  FlagsAsCodePlan,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import type { Caller } from '../../lib/caller';
import { ApiError, badData, conflict, notFound } from '../../lib/errors';
import { assertCallerHas, callerHas } from '../access';
import {
  changeRequestsEnabledIn,
  draftChangesInTransaction,
  updateChangeRequestState,
} from '../change-requests';
import type { Actor } from '../events';
import { type AdminOperation, applyAdminOperation } from '../operations';
import {
  type CurrentFlag,
  desiredFlag,
  documentProblems,
  planChanges,
  type StateFlag,
  toDocument,
} from './flags-as-code-rules';
import {
  changeRequestChanges,
  environmentSteps,
  metadataSteps,
  permissionOf,
  strategySteps,
  withEnvironments,
} from './flags-as-code-steps';
import { projectStickiness, readFlags, segmentIdsByName } from './flags-as-code-store';

export type FlagsAsCodeService = ReturnType<typeof createFlagsAsCodeService>;

interface Prepared {
  desired: StateFlag[];
  segmentIds: Map<string, number>;
}

async function requireProject(db: Queryable, project: string): Promise<string> {
  const stickiness = await projectStickiness(db, project);
  if (stickiness === null) throw notFound(`Project "${project}" was not found.`);
  return stickiness;
}

/** The document checked against the server: its project, duplicates, the segments it names. */
async function prepare(db: Queryable, project: string, document: FlagsAsCodeDocument): Promise<Prepared> {
  if (document.project !== project) {
    throw badData(`The document is for project "${document.project}", not "${project}".`, [
      { message: 'The document names another project.', path: '/project' },
    ]);
  }
  const problems = documentProblems(document);
  if (problems.length > 0) throw badData(problems[0]!.message, problems);
  const stickiness = await requireProject(db, project);
  const desired = document.flags.map((flag) => desiredFlag(flag, stickiness));
  const names = [
    ...new Set(
      desired.flatMap((flag) =>
        Object.values(flag.environments).flatMap((env) => env.strategies.flatMap((s) => s.segments)),
      ),
    ),
  ];
  const segmentIds = await segmentIdsByName(db, names);
  const missing = names.filter((name) => !segmentIds.has(name));
  if (missing.length > 0) {
    throw badData(
      `Unknown segment${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.`,
      missing.map((name) => ({ message: `Segment "${name}" does not exist.` })),
    );
  }
  return { desired, segmentIds };
}

/** Parents before the flags that depend on them, archives last. */
function applyOrder(changes: FlagsAsCodeChange[], desired: readonly StateFlag[]): FlagsAsCodeChange[] {
  const depth = (name: string) => (desired.find((flag) => flag.name === name)?.dependencies.length ? 1 : 0);
  const rank = (change: FlagsAsCodeChange) => (change.action === 'archive' ? 2 : depth(change.flag));
  return [...changes].sort((a, b) => rank(a) - rank(b));
}

interface FlagWrite {
  project: string;
  caller: Caller;
  actor: Actor;
  segmentIds: ReadonlyMap<string, number>;
}

async function run(trx: Queryable, write: FlagWrite, steps: readonly AdminOperation[]): Promise<void> {
  for (const step of steps) {
    const { permission, environment } = permissionOf(step);
    assertCallerHas(write.caller, permission, {
      project: write.project,
      ...(environment ? { environment } : {}),
    });
    await applyAdminOperation(trx, step, write.actor);
  }
}

async function readOne(trx: Queryable, name: string): Promise<CurrentFlag | undefined> {
  return (await readFlags(trx, { names: [name] }))[0];
}

/** The flag's environments that take change requests and that the caller may not skip. */
async function governedEnvironments(
  trx: Queryable,
  write: FlagWrite,
  desired: StateFlag,
): Promise<Set<string>> {
  const governed = new Set<string>();
  for (const environment of Object.keys(desired.environments)) {
    if (callerHas(write.caller, 'SKIP_CHANGE_REQUEST', { project: write.project, environment })) continue;
    if (await changeRequestsEnabledIn(trx, write.project, environment)) governed.add(environment);
  }
  return governed;
}

interface Proposal {
  environment: string;
  changeRequestId: number;
}

/**
 * One flag, in the caller's transaction: create or revive, then metadata, strategies and
 * environments; the changes of environments under change requests go into a change request.
 */
async function applyFlag(
  trx: Queryable,
  write: FlagWrite,
  name: string,
  desired: StateFlag | undefined,
): Promise<Proposal[]> {
  const { project } = write;
  if (!desired) {
    await run(trx, write, [{ kind: 'archive-feature', project, featureName: name }]);
    return [];
  }
  let current = await readOne(trx, name);
  if (current && current.project !== project) {
    throw conflict(`Flag "${name}" belongs to project "${current.project}", not "${project}".`);
  }
  if (!current) {
    // The flag type is checked against the project's types by the operation itself.
    const feature = {
      name,
      type: desired.type,
      description: desired.description,
      impressionData: desired.impressionData,
    } as unknown as CreateFeature;
    await run(trx, write, [{ kind: 'create-feature', project, feature }]);
  } else if (current.archived) {
    await run(trx, write, [{ kind: 'revive-feature', featureName: name }]);
  }
  current = (await readOne(trx, name)) as CurrentFlag;
  const governed = await governedEnvironments(trx, write, desired);
  const direct = withEnvironments(desired, governed, false);
  await run(trx, write, [
    ...metadataSteps(project, desired, current),
    ...strategySteps(project, direct, current, write.segmentIds),
  ]);
  current = (await readOne(trx, name)) as CurrentFlag;
  await run(trx, write, environmentSteps(project, direct, current));
  const proposals: Proposal[] = [];
  for (const environment of governed) {
    const changes = changeRequestChanges(project, desired, current, environment, write.segmentIds);
    if (changes.length === 0) continue;
    const changeRequestId = await draftChangesInTransaction(trx, {
      project,
      environment,
      changes,
      actor: write.actor,
    });
    proposals.push({ environment, changeRequestId });
  }
  return proposals;
}

/** Each drafted change request proposed for review once every flag is in it (a draft if that fails). */
async function submitForReview(
  db: Db,
  project: string,
  drafted: ReadonlyArray<Proposal & { flag: string }>,
  caller: Caller,
  actor: Actor,
): Promise<FlagsAsCodeApply['proposed']> {
  const states = new Map<number, string>();
  for (const id of new Set(drafted.map((proposal) => proposal.changeRequestId))) {
    try {
      await updateChangeRequestState(db, { project, id, body: { state: 'In review' }, caller, actor });
      states.set(id, 'In review');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      states.set(id, 'Draft');
    }
  }
  return drafted.map((proposal) => ({ ...proposal, state: states.get(proposal.changeRequestId) ?? 'Draft' }));
}

/**
 * Flags as code (issue 36 §2): export a project's desired state, plan the difference from a
 * document, apply it one transaction per flag through the admin operations (the REST routes'
 * validation, events and change-request gates). A flag that cannot be applied is reported as
 * refused with the API's error, and the others are still applied.
 */
export function createFlagsAsCodeService(db: Db) {
  return {
    async exportDocument(project: string): Promise<FlagsAsCodeDocument> {
      await requireProject(db, project);
      return toDocument(project, await readFlags(db, { project }));
    },

    async plan(project: string, document: FlagsAsCodeDocument): Promise<FlagsAsCodePlan> {
      const { desired } = await prepare(db, project, document);
      return { changes: planChanges(desired, await readFlags(db, { project })) };
    },

    async apply(
      project: string,
      document: FlagsAsCodeDocument,
      caller: Caller,
      actor: Actor,
    ): Promise<FlagsAsCodeApply> {
      const { desired, segmentIds } = await prepare(db, project, document);
      const changes = planChanges(desired, await readFlags(db, { project }));
      const write: FlagWrite = { project, caller, actor, segmentIds };
      const result: FlagsAsCodeApply = { changes, applied: [], refused: [], proposed: [] };
      const drafted: Array<Proposal & { flag: string }> = [];
      for (const change of applyOrder(changes, desired)) {
        const wanted = desired.find((flag) => flag.name === change.flag);
        try {
          const proposals = await inTransaction(db, (trx) => applyFlag(trx, write, change.flag, wanted));
          result.applied.push(change.flag);
          drafted.push(...proposals.map((proposal) => ({ ...proposal, flag: change.flag })));
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          result.refused.push({ flag: change.flag, name: error.errorName, message: error.message });
        }
      }
      result.proposed = await submitForReview(db, project, drafted, caller, actor);
      return result;
    },
  };
}
