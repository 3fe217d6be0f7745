import type {
  AdvancedPlaygroundFeature,
  AdvancedPlaygroundRequest,
  AdvancedPlaygroundResponse,
  ChangeRequestPlaygroundRequest,
  PlaygroundRequest,
  PlaygroundResponse,
  SdkContext,
} from '../../../contract';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/errors';
import { previewChangeRequest } from '../change-requests';
import type { Actor } from '../events';
import { readClientSnapshot } from '../feature-toggles';
import {
  assertCurrentTime,
  assertEvaluationCount,
  cleanContext,
  countCombinations,
  expandContexts,
  toEvaluationContext,
} from './playground-context';
import {
  type EnvironmentModel,
  evaluateModel,
  loadEnvironmentModel,
  modelFromSnapshot,
} from './playground-model';

type ProjectSelection = PlaygroundRequest['projects'];

/** Which projects' flags a caller sees: the selection ('*' or absent is all), minus private projects hidden from them. */
export function projectFilter(
  selection: ProjectSelection,
  hidden: ReadonlySet<string>,
): (project: string) => boolean {
  const chosen = selection === undefined || selection === '*' ? null : new Set(selection);
  return (project) => !hidden.has(project) && (chosen === null || chosen.has(project));
}

/** getPlayground: one environment, one context (no comma expansion, as in Unleash). */
export async function evaluatePlayground(
  db: Db,
  input: PlaygroundRequest,
  hidden: ReadonlySet<string>,
): Promise<PlaygroundResponse> {
  const { flat } = cleanContext(input.context);
  assertCurrentTime(flat);
  const model = await loadEnvironmentModel(db, input.environment);
  const features = evaluateModel(model, toEvaluationContext(flat), projectFilter(input.projects, hidden));
  return { input, features };
}

/**
 * Evaluates models (one per environment) for every combination of the context's comma-separated
 * values, grouped per flag and environment as Unleash's advanced playground answers.
 */
export function evaluateAdvancedModels(
  input: AdvancedPlaygroundRequest,
  models: readonly EnvironmentModel[],
  hidden: ReadonlySet<string>,
  context: SdkContext = input.context,
): AdvancedPlaygroundResponse {
  const { flat, invalidProperties } = cleanContext(context);
  assertCurrentTime(flat);
  const visible = projectFilter(input.projects, hidden);
  const combinations = countCombinations(flat);
  const flagCount = models[0]?.flags.filter((flag) => visible(flag.project)).length ?? 0;
  assertEvaluationCount(models.length, flagCount, combinations);
  const contexts = expandContexts(flat);
  const byFlag = new Map<string, AdvancedPlaygroundFeature>();
  for (const model of models) {
    for (const single of contexts) {
      for (const feature of evaluateModel(model, toEvaluationContext(single), visible)) {
        let entry = byFlag.get(feature.name);
        if (!entry) {
          entry = { name: feature.name, projectId: feature.projectId, environments: {} };
          byFlag.set(feature.name, entry);
        }
        const list = entry.environments[model.environment] ?? [];
        list.push({ ...feature, environment: model.environment, context: single });
        entry.environments[model.environment] = list;
      }
    }
  }
  return {
    input,
    features: [...byFlag.values()],
    ...(invalidProperties.length ? { warnings: { invalidContextProperties: invalidProperties } } : {}),
  };
}

/** getAdvancedPlayground: several environments and projects, the cartesian product of the context's values. */
export async function evaluateAdvancedPlayground(
  db: Db,
  input: AdvancedPlaygroundRequest,
  hidden: ReadonlySet<string>,
): Promise<AdvancedPlaygroundResponse> {
  // Refuse an over-large product before reading anything.
  const { flat } = cleanContext(input.context);
  assertCurrentTime(flat);
  assertEvaluationCount(input.environments.length, 1, countCombinations(flat));
  const environments = [...new Set(input.environments)];
  const models: EnvironmentModel[] = [];
  for (const environment of environments) models.push(await loadEnvironmentModel(db, environment));
  return evaluateAdvancedModels(input, models, hidden);
}

/**
 * getChangeRequestPlayground: the change request's project and environment evaluated as if it
 * were applied (its changes run in a rolled-back transaction), answered as the advanced playground.
 */
export async function evaluateChangeRequestPlayground(
  db: Db,
  id: number,
  body: ChangeRequestPlaygroundRequest,
  hidden: ReadonlySet<string>,
  actor: Actor,
): Promise<AdvancedPlaygroundResponse> {
  const { flat } = cleanContext(body.context);
  assertCurrentTime(flat);
  assertEvaluationCount(1, 1, countCombinations(flat));
  const { model, request } = await previewChangeRequest(db, id, actor, async (trx, request) => ({
    request,
    model: modelFromSnapshot(await readClientSnapshot(trx, request.environment)),
  }));
  // A change request of a project the caller may not see does not exist for them.
  if (hidden.has(request.project)) throw notFound(`Could not find change request with id ${id}`);
  const input = { environments: [request.environment], projects: [request.project], context: body.context };
  return evaluateAdvancedModels(input, [model], hidden);
}
