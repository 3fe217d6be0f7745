import type {
  ExportQuery,
  ExportResult,
  ImportResult,
  ImportToggles,
  ImportValidate,
  Permission,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import type { Caller } from '../../lib/caller';
import { ApiError } from '../../lib/errors';
import { invalidRequest } from '../../lib/validation-errors';
import { callerHas, permissionDenied } from '../access';
import { changeRequestsEnabledIn } from '../change-requests';
import { type Actor, appendEvent } from '../events';
import { buildExportFile } from './export-builder';
import { type FlagSelection, readExportRows, selectFlagNames } from './export-store';
import { applyImportPlan, summarise } from './import-apply';
import { constraintContextNames, type ImportPlan, type ImportState, planImport } from './import-plan';
import { type MayFn, validateImportFile } from './import-rules';
import { lockProjectForImport, readImportState } from './import-store';

/**
 * Import and export (issue 18, Unleash's features-batch). The API a later signed-bundle layer
 * calls too: `buildExport` makes the file, `planImport` says what importing one would do
 * (validation, diff, permissions) without writing, `applyImport` applies it all or nothing.
 */

/** Events keep the exported file as Unleash does, up to this many flags (beyond: the count). */
const EXPORT_EVENT_MAX_FLAGS = 500;

export const ADMIN_TOKEN_IMPORT =
  "You can't use an admin token to import features. Please use either a personal access token or a service account.";

function selectionOf(query: ExportQuery): FlagSelection {
  if (query.features) return { features: query.features };
  if (query.tag !== undefined) return { tag: query.tag };
  if (query.project !== undefined) return { project: query.project };
  throw invalidRequest('Specify one of "features", "tag" or "project".');
}

/** `extensions`: Switchyard's additions to Unleash's file (strategy `sortOrder`). */
export async function buildExport(
  db: Queryable,
  query: ExportQuery,
  actor: Actor,
  options: { extensions?: boolean } = {},
): Promise<ExportResult> {
  const names = await selectFlagNames(db, selectionOf(query));
  const rows = await readExportRows(db, names, query.environment);
  const file = buildExportFile(rows, query.environment, {
    withSegmentDefinitions: query.withSegmentDefinitions,
    extensions: options.extensions,
  });
  await appendEvent(db, {
    type: 'features-exported',
    createdBy: actor.name,
    createdByUserId: actor.userId,
    data: {
      data: file.features.length <= EXPORT_EVENT_MAX_FLAGS ? file : { features: file.features.length },
    },
  });
  return file;
}

export interface ImportPreview {
  validation: ImportValidate;
  plan: ImportPlan;
  viaChangeRequest: boolean;
  state: ImportState;
}

function contextNamesOf(file: ExportResult): string[] {
  return [
    ...new Set([...(file.contextFields ?? []).map((field) => field.name), ...constraintContextNames(file)]),
  ];
}

function mayFor(caller: Caller, project: string, environment: string): MayFn {
  return (need) =>
    callerHas(
      caller,
      need.permission as Permission,
      need.environment ? { project, environment } : { project },
    );
}

/** Validation, plan and permissions of an import, without writing anything. */
export async function planImportFor(
  db: Queryable,
  caller: Caller,
  input: ImportToggles,
): Promise<ImportPreview> {
  const { project, environment, data: file } = input;
  const state = await readImportState(db, {
    project,
    environment,
    names: file.features.map((feature) => feature.name),
    parents: (file.dependencies ?? []).flatMap((row) => row.dependencies.map((d) => d.feature)),
    contextNames: contextNamesOf(file),
  });
  const plan = planImport(file, state);
  const viaChangeRequest = await changeRequestsEnabledIn(db, project, environment);
  const may = mayFor(caller, project, environment);
  const validation = validateImportFile({
    project,
    environment,
    file,
    state,
    plan,
    mayCreateSegments: may({ permission: 'CREATE_SEGMENT', environment: false }),
    viaChangeRequest,
    may,
  });
  return { validation, plan, viaChangeRequest, state };
}

/** POST /api/admin/features-batch/validate; `extensions` adds what importing would do (`summary`). */
export async function validateImport(
  db: Db,
  caller: Caller,
  input: ImportToggles,
  options: { extensions?: boolean } = {},
): Promise<ImportValidate> {
  const preview = await planImportFor(db, caller, input);
  if (!options.extensions) return preview.validation;
  return { ...preview.validation, summary: summarise(preview.plan, input.data) };
}

/**
 * POST /api/admin/features-batch/import: all or nothing, in one transaction with its events
 * (the caller's, when `db` is one). `allowAdminToken`: the signed-bundle layer's apply.
 */
export async function applyImport(
  db: Db,
  caller: Caller,
  actor: Actor,
  input: ImportToggles,
  options: { allowAdminToken?: boolean } = {},
): Promise<ImportResult> {
  if (!options.allowAdminToken && caller.kind === 'api-token' && caller.scope.type === 'admin')
    throw invalidRequest(ADMIN_TOKEN_IMPORT);
  return inTransaction(db, async (trx) => {
    // One import at a time per project: two would plan against the same state.
    await lockProjectForImport(trx, input.project);
    const preview = await planImportFor(trx, caller, input);
    const { errors, permissions } = preview.validation;
    if (errors.length) {
      throw new ApiError('BadDataError', errors.map((error) => error.message).join(' '), {
        details: errors.map((error) => ({ message: `${error.message} ${error.affectedItems.join(', ')}` })),
      });
    }
    if (permissions?.length)
      throw permissionDenied(permissions.flatMap((p) => p.affectedItems) as Permission[]);
    const changeRequestId = await applyImportPlan(trx, preview.plan, {
      target: { project: input.project, environment: input.environment },
      segmentIds: preview.state.segments,
      viaChangeRequest: preview.viaChangeRequest,
      actor,
    });
    return {
      summary: summarise(preview.plan, input.data),
      ...(changeRequestId !== undefined ? { changeRequestId } : {}),
    };
  });
}
