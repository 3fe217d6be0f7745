import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/queryable';
import type { Caller } from '../../lib/caller';
import { ApiError } from '../../lib/errors';
import { callerHas } from '../access';
import type { DirectWriteCheck } from '../events';
import { GOVERNED_EXPERIMENT_OPERATION_KINDS } from '../experiments';
import { getFeature } from '../feature-toggles';
import { RELEASE_PLAN_OPERATION_KINDS } from '../release-plans';
import { strategiesUsingSegment } from '../segments';
import { listEnvironmentsWithChangeRequests } from './change-request-read-store';

/**
 * The one place that refuses direct admin writes to a governed environment (issue 13): while
 * change requests are on for a project environment, the flag, strategy, variant, dependency,
 * archive and segment operations that Unleash routes through change requests answer 403
 * naming SKIP_CHANGE_REQUEST. The check travels on the request's Actor (events/event-actor.ts)
 * and runs at the start of the flag, segment and dependency operations, so every route that
 * applies them is covered and the change-request apply path (which builds its own actor) is not.
 *
 * Who bypasses: holders of SKIP_CHANGE_REQUEST in that environment, which includes the Admin
 * root role and admin API tokens, as in Unleash where ADMIN holds every permission.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The governance check for this request's caller, attached to its Actor. */
    directWriteCheck: DirectWriteCheck | null;
  }
}

interface Target {
  project: string;
  /** The environment written; undefined for project-wide changes (archive, dependencies). */
  environment?: string;
}

const ENVIRONMENT_KINDS = new Set([
  'set-feature-environment-enabled',
  'add-strategy',
  'update-strategy',
  'delete-strategy',
  'reorder-strategies',
  'set-strategy-segments',
  'set-environment-variants',
  // Release plans on a flag environment (issue 14): every one of their operations.
  ...RELEASE_PLAN_OPERATION_KINDS,
  // Starting and stopping an experiment on a flag environment (issue 35 §3).
  ...GOVERNED_EXPERIMENT_OPERATION_KINDS,
]);
const PROJECT_KINDS = new Set([
  'archive-features',
  'add-dependency',
  'delete-dependency',
  'delete-dependencies',
]);

async function targetsOf(db: Queryable, operation: Record<string, unknown>): Promise<Target[]> {
  const kind = String(operation.kind);
  if (ENVIRONMENT_KINDS.has(kind)) {
    return [{ project: String(operation.project), environment: String(operation.environment) }];
  }
  if (PROJECT_KINDS.has(kind)) return [{ project: String(operation.project) }];
  if (kind === 'archive-feature') {
    const project =
      typeof operation.project === 'string'
        ? operation.project
        : (await getFeature(db, String(operation.featureName)))?.project;
    return project ? [{ project }] : [];
  }
  if (kind === 'update-segment' || kind === 'delete-segment') {
    const usages = await strategiesUsingSegment(db, Number(operation.id));
    return usages.map((usage) => ({ project: usage.projectId, environment: usage.environment }));
  }
  return [];
}

export function changeRequestRequired(project: string, environment: string): ApiError {
  return new ApiError(
    'PermissionError',
    `Change requests are enabled for environment "${environment}" in project "${project}": ` +
      'make this change through a change request. Changing it directly needs the "SKIP_CHANGE_REQUEST" permission.',
    { extra: { permissions: ['SKIP_CHANGE_REQUEST'] } },
  );
}

/** The check for one caller: refuses an operation on a governed environment it may not skip. */
export function directWriteCheckFor(caller: Caller): DirectWriteCheck {
  return async (db, operation) => {
    const targets = await targetsOf(db, operation as Record<string, unknown>);
    const governed = new Map<string, string[]>();
    for (const target of targets) {
      if (!governed.has(target.project)) {
        governed.set(target.project, await listEnvironmentsWithChangeRequests(db, target.project));
      }
      const environments = governed.get(target.project) ?? [];
      const hit =
        target.environment === undefined
          ? environments
          : environments.filter((e) => e === target.environment);
      for (const environment of hit) {
        if (!callerHas(caller, 'SKIP_CHANGE_REQUEST', { project: target.project, environment })) {
          throw changeRequestRequired(target.project, environment);
        }
      }
    }
  };
}

/** Gives every admin request a check for its caller (the auth guard has resolved it by then). */
export function registerDirectWriteCheck(app: FastifyInstance): void {
  app.decorateRequest('directWriteCheck', null);
  app.addHook('preHandler', async (request) => {
    request.directWriteCheck = directWriteCheckFor(request.caller);
  });
}
