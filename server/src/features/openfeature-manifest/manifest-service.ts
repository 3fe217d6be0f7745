import type {
  ManifestCreateFlag,
  ManifestDefaultValue,
  ManifestEnvelope,
  ManifestFlagResponse,
  ManifestFlagType,
  ManifestUpdateFlag,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import { badData, conflict, notFound } from '../../lib/errors';
import { type Actor, appendEvent } from '../events';
import { applyAdminOperation } from '../operations';
import { defaultValueProblem, manifestFlagOf } from './manifest-rules';
import {
  lastChangeOf,
  listManifestSources,
  type ManifestRecord,
  projectExists,
  readManifestSource,
  saveManifestValue,
} from './manifest-store';

export type ManifestService = ReturnType<typeof createManifestService>;

const archivedConflict = (key: string, doing: string) =>
  conflict(`Flag "${key}" is archived. Revive it in the archive before ${doing}.`);

/** The flag in this project, or 404 (a flag of another project is not this manifest's). */
async function flagInProject(db: Queryable, project: string, key: string): Promise<ManifestRecord> {
  const record = await readManifestSource(db, key);
  if (!record || record.project !== project) throw notFound(`Flag "${key}" was not found.`);
  return record;
}

async function answer(db: Queryable, key: string): Promise<ManifestFlagResponse> {
  const record = await readManifestSource(db, key);
  if (!record) throw notFound(`Flag "${key}" was not found.`);
  return { flag: manifestFlagOf(record), updatedAt: (await lastChangeOf(db, key)).toISOString() };
}

function checkDefault(body: { type: ManifestCreateFlag['type']; defaultValue?: unknown }) {
  if (body.defaultValue === undefined) return;
  const problem = defaultValueProblem(body.type, body.defaultValue);
  if (problem) throw badData(problem, [{ message: problem, path: 'defaultValue' }]);
}

/** The manifest's value type and default, recorded with the flag's other metadata changes. */
async function recordManifestValue(
  trx: Queryable,
  project: string,
  key: string,
  value: { type: ManifestFlagType; defaultValue: ManifestDefaultValue },
  before: ManifestRecord | null,
  actor: Actor,
): Promise<void> {
  await saveManifestValue(trx, key, value.type, value.defaultValue);
  await appendEvent(trx, {
    type: 'feature-metadata-updated',
    createdBy: actor.name,
    createdByUserId: actor.userId,
    featureName: key,
    project,
    data: { manifest: value },
    ...(before ? { preData: { manifest: manifestFlagOf(before) } } : {}),
  });
}

/**
 * The manifest operations on one project's flags. Writes go through the admin operations REST and
 * change requests use (validation, events, change-request gates), plus the manifest's own value
 * type and default, in the same transaction.
 */
export function createManifestService(db: Db) {
  return {
    async manifest(project: string): Promise<ManifestEnvelope> {
      if (!(await projectExists(db, project))) throw notFound(`Project "${project}" was not found.`);
      const records = await listManifestSources(db, project);
      return { flags: records.map(manifestFlagOf) };
    },

    create: (project: string, body: ManifestCreateFlag, actor: Actor) =>
      inTransaction(db, async (trx) => {
        checkDefault(body);
        const existing = await readManifestSource(trx, body.key);
        if (existing?.archivedAt) throw archivedConflict(body.key, 'creating it again');
        if (existing) throw conflict(`Flag with key "${body.key}" already exists.`);
        await applyAdminOperation(
          trx,
          {
            kind: 'create-feature',
            project,
            feature: { name: body.key, ...(body.description ? { description: body.description } : {}) },
          },
          actor,
        );
        // checkDefault has held the value to the type.
        const value = { type: body.type, defaultValue: body.defaultValue as ManifestDefaultValue };
        await recordManifestValue(trx, project, body.key, value, null, actor);
        return answer(trx, body.key);
      }),

    update: (project: string, key: string, body: ManifestUpdateFlag, actor: Actor) =>
      inTransaction(db, async (trx) => {
        if (body.key !== key) {
          throw badData('Flag key in path and payload must match.', [
            { message: 'Path key and payload key differ.', path: 'key' },
          ]);
        }
        checkDefault(body);
        const current = await flagInProject(trx, project, key);
        if (current.archivedAt) throw archivedConflict(key, 'updating it');
        const described = manifestFlagOf(current);
        if (body.type !== described.type) {
          throw conflict(`Flag type cannot be changed from ${described.type} to ${body.type}.`);
        }
        const description = body.description ?? null;
        if (body.description !== undefined && description !== (current.description ?? null)) {
          await applyAdminOperation(
            trx,
            { kind: 'update-feature', project, featureName: key, changes: { description } },
            actor,
          );
        }
        const defaultValue =
          (body.defaultValue as ManifestDefaultValue | undefined) ?? described.defaultValue;
        const valueChanged =
          current.stored === null || JSON.stringify(defaultValue) !== JSON.stringify(described.defaultValue);
        if (valueChanged) {
          await recordManifestValue(trx, project, key, { type: body.type, defaultValue }, current, actor);
        }
        return answer(trx, key);
      }),

    archive: (project: string, key: string, actor: Actor) =>
      inTransaction(db, async (trx) => {
        const current = await flagInProject(trx, project, key);
        if (!current.archivedAt) {
          await applyAdminOperation(trx, { kind: 'archive-feature', project, featureName: key }, actor);
        }
        const archived = await readManifestSource(trx, key);
        return {
          message: `Flag "${key}" archived. Revive it from the archive if needed.`,
          archivedAt: archived?.archivedAt?.toISOString() ?? null,
        };
      }),
  };
}
