import {
  CHANGE_REQUEST_EVENT_TYPES,
  type ChangeRequestEnvironmentConfig,
  clampRequiredApprovals,
  type UpdateChangeRequestEnvironmentConfig,
} from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { notFound } from '../../lib/errors';
import { type Actor, appendEvent } from '../events';
import {
  getChangeRequestSetting,
  listEnvironmentsWithChangeRequests,
  listProjectEnvironmentConfig,
} from './change-request-read-store';
import { deleteChangeRequestSetting, upsertChangeRequestSetting } from './change-request-store';

/** GET …/change-requests/config: every environment of the project, on or off. */
export async function getChangeRequestConfig(
  db: Queryable,
  project: string,
): Promise<ChangeRequestEnvironmentConfig[]> {
  const rows = await listProjectEnvironmentConfig(db, project);
  if (rows === undefined) throw notFound(`Could not find project with id "${project}".`);
  return rows.map((row) => ({
    environment: row.environment,
    type: row.type,
    changeRequestEnabled: row.requiredApprovals !== null,
    requiredApprovals: row.requiredApprovals,
  }));
}

/** Whether writes to the project's environment go through change requests (imports ask, issue 18). */
export async function changeRequestsEnabledIn(
  db: Queryable,
  project: string,
  environment: string,
): Promise<boolean> {
  return (await listEnvironmentsWithChangeRequests(db, project)).includes(environment);
}

/** PUT …/environments/{env}/change-requests/config, in the caller's transaction with its event. */
export async function updateChangeRequestConfig(
  db: Queryable,
  input: { project: string; environment: string; body: UpdateChangeRequestEnvironmentConfig; actor: Actor },
): Promise<void> {
  const { project, environment, body, actor } = input;
  const environments = await listProjectEnvironmentConfig(db, project);
  if (environments === undefined) throw notFound(`Could not find project with id "${project}".`);
  if (!environments.some((row) => row.environment === environment)) {
    throw notFound(`Environment "${environment}" is not enabled for project "${project}".`);
  }
  const before = await getChangeRequestSetting(db, project, environment);
  const requiredApprovals = clampRequiredApprovals(body.requiredApprovals ?? before?.requiredApprovals);
  if (body.changeRequestsEnabled) {
    await upsertChangeRequestSetting(db, { project, environment, requiredApprovals });
  } else {
    await deleteChangeRequestSetting(db, project, environment);
  }
  await appendEvent(db, {
    type: CHANGE_REQUEST_EVENT_TYPES.configurationUpdated,
    createdBy: actor.name,
    createdByUserId: actor.userId,
    project,
    environment,
    data: {
      changeRequestsEnabled: body.changeRequestsEnabled,
      requiredApprovals: body.changeRequestsEnabled ? requiredApprovals : null,
    },
    preData: {
      changeRequestsEnabled: before !== undefined,
      requiredApprovals: before?.requiredApprovals ?? null,
    },
  });
}
