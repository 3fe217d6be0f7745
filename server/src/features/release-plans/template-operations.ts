import {
  type MilestoneInput,
  type MilestoneStrategyInput,
  RELEASE_PLAN_LIMITS,
  type ReleasePlanMilestone,
  type ReleasePlanMilestoneStrategy,
  type ReleasePlanTemplate,
  type ReleasePlanTemplateInput,
  type UpdateMilestone,
  type UpdateMilestoneStrategy,
} from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { notFound } from '../../lib/errors';
import { ulid } from '../../lib/ulid';
import { type Actor, appendEvent } from '../events';
import { type DefinitionRecord, getDefinition, type MilestoneRecord } from './release-plan-store';
import { toMilestoneStrategy, toTemplate, toTemplateMilestone } from './release-plan-view';
import {
  archiveDefinition,
  deleteDefinition,
  deleteMilestoneStrategies,
  deleteMilestones,
  insertDefinition,
  insertMilestone,
  insertMilestoneStrategy,
  updateDefinitionText,
  updateMilestone,
  updateMilestoneStrategy,
} from './release-plan-writes';
import {
  buildMilestoneStrategy,
  checkMilestoneCount,
  checkName,
  checkOptionalText,
  checkSortOrder,
  checkStrategyCount,
} from './template-rules';

/**
 * Changes to release templates as serialisable operations, each applied inside the caller's
 * transaction together with its event (`release-plan-template-created/updated/deleted/archived`;
 * milestone and milestone-strategy changes are template updates, with the template before and after).
 */
export type TemplateOperation =
  | { kind: 'create-template'; template: ReleasePlanTemplateInput }
  | { kind: 'update-template'; templateId: string; template: ReleasePlanTemplateInput }
  | { kind: 'archive-template'; templateId: string }
  | { kind: 'delete-template'; templateId: string }
  | { kind: 'add-milestone'; templateId: string; milestone: MilestoneInput }
  | { kind: 'update-milestone'; templateId: string; milestoneId: string; milestone: UpdateMilestone }
  | { kind: 'delete-milestone'; templateId: string; milestoneId: string }
  | {
      kind: 'add-milestone-strategy';
      templateId: string;
      milestoneId: string;
      strategy: MilestoneStrategyInput;
    }
  | {
      kind: 'update-milestone-strategy';
      templateId: string;
      milestoneId: string;
      strategyId: string;
      strategy: UpdateMilestoneStrategy;
    }
  | { kind: 'delete-milestone-strategy'; templateId: string; milestoneId: string; strategyId: string };

export interface TemplateOperationResults {
  'create-template': ReleasePlanTemplate;
  'update-template': ReleasePlanTemplate;
  'archive-template': undefined;
  'delete-template': undefined;
  'add-milestone': ReleasePlanMilestone;
  'update-milestone': ReleasePlanMilestone;
  'delete-milestone': undefined;
  'add-milestone-strategy': ReleasePlanMilestone;
  'update-milestone-strategy': ReleasePlanMilestoneStrategy;
  'delete-milestone-strategy': undefined;
}

export const templateNotFound = (id: string) =>
  notFound(`Could not find release plan template with id ${id}`);
const milestoneNotFound = (id: string) => notFound(`Could not find milestone with id ${id}`);
const strategyNotFound = (id: string) => notFound(`Could not find milestone strategy with id ${id}`);

/** The template, locked for the rest of the transaction; archived templates are still found. */
async function lockTemplate(db: Queryable, id: string): Promise<DefinitionRecord> {
  const template = await getDefinition(db, id, 'template', { lock: true });
  if (!template) throw templateNotFound(id);
  return template;
}

function milestoneOf(template: DefinitionRecord, milestoneId: string): MilestoneRecord {
  const milestone = template.milestones.find((candidate) => candidate.id === milestoneId);
  if (!milestone) throw milestoneNotFound(milestoneId);
  return milestone;
}

const nextSortOrder = (items: ReadonlyArray<{ sortOrder: number }>) =>
  items.length === 0 ? 0 : Math.max(...items.map((item) => item.sortOrder)) + 1;

/** Inserts a milestone and its strategies, validated; `keepIds` reuses ids the template already had. */
async function insertMilestoneWithStrategies(
  db: Queryable,
  templateId: string,
  input: MilestoneInput,
  sortOrder: number,
  id: string = ulid(),
  before?: MilestoneRecord,
): Promise<void> {
  const strategies = input.strategies ?? [];
  checkStrategyCount(strategies.length);
  const name = checkName('name', input.name);
  const position = checkSortOrder(input.sortOrder, sortOrder);
  if (before) await updateMilestone(db, id, { name, sortOrder: position });
  else await insertMilestone(db, { id, name, sortOrder: position, definitionId: templateId });
  // A kept milestone sent without `strategies` keeps its strategies; an empty list clears them.
  if (before && input.strategies === undefined) return;
  const keptStrategyIds = new Set<string>();
  for (const [index, strategyInput] of strategies.entries()) {
    const existing = before?.strategies.find((strategy) => strategy.id === strategyInput.id);
    const values = await buildMilestoneStrategy(db, strategyInput, {
      id: existing?.id ?? ulid(),
      milestoneId: id,
      sortOrder: index,
      ...(existing ? { before: existing } : {}),
    });
    if (existing) {
      keptStrategyIds.add(existing.id);
      await updateMilestoneStrategy(db, values);
    } else {
      await insertMilestoneStrategy(db, values);
    }
  }
  if (before) {
    await deleteMilestoneStrategies(
      db,
      before.strategies
        .filter((strategy) => !keptStrategyIds.has(strategy.id))
        .map((strategy) => strategy.id),
    );
  }
}

/**
 * Replaces a template's milestones by the given list: items naming one of its milestones keep
 * that milestone (and, likewise, its strategies), the others are new, those left out are removed.
 */
async function replaceMilestones(
  db: Queryable,
  template: DefinitionRecord,
  inputs: readonly MilestoneInput[],
) {
  checkMilestoneCount(inputs.length);
  const kept = new Set<string>();
  for (const [index, input] of inputs.entries()) {
    const existing = template.milestones.find(
      (milestone) => milestone.id === input.id && !kept.has(milestone.id),
    );
    if (existing) kept.add(existing.id);
    await insertMilestoneWithStrategies(db, template.id, input, index, existing?.id, existing);
  }
  await deleteMilestones(
    db,
    template.milestones.filter((milestone) => !kept.has(milestone.id)).map((milestone) => milestone.id),
  );
}

export async function applyTemplateOperation<O extends TemplateOperation>(
  db: Queryable,
  operation: O,
  actor: Actor,
): Promise<TemplateOperationResults[O['kind']]> {
  type Result = TemplateOperationResults[O['kind']];
  const op = operation as TemplateOperation;
  const record = (type: string, data: unknown, preData?: unknown) =>
    appendEvent(db, { type, createdBy: actor.name, createdByUserId: actor.userId, data, preData });
  const reread = async (id: string) => (await getDefinition(db, id, 'template'))!;
  /** Runs a change to a template's milestones and records it as a template update. */
  const changeTemplate = async <T>(
    templateId: string,
    change: (template: DefinitionRecord) => Promise<T>,
  ) => {
    const before = await lockTemplate(db, templateId);
    const result = await change(before);
    const after = await reread(templateId);
    await record('release-plan-template-updated', toTemplate(after), toTemplate(before));
    return { result, after };
  };

  switch (op.kind) {
    case 'create-template': {
      const id = ulid();
      await insertDefinition(db, {
        id,
        discriminator: 'template',
        name: checkName('name', op.template.name),
        description: checkOptionalText(
          'description',
          op.template.description,
          RELEASE_PLAN_LIMITS.descriptionLength,
        ),
        createdByUserId: actor.userId ?? -1,
      });
      const milestones = op.template.milestones ?? [];
      checkMilestoneCount(milestones.length);
      for (const [index, milestone] of milestones.entries()) {
        await insertMilestoneWithStrategies(db, id, milestone, index);
      }
      const created = toTemplate(await reread(id));
      await record('release-plan-template-created', created);
      return created as Result;
    }
    case 'update-template': {
      const { after } = await changeTemplate(op.templateId, async (before) => {
        await updateDefinitionText(db, before.id, {
          name: checkName('name', op.template.name),
          description:
            op.template.description === undefined
              ? before.description
              : checkOptionalText(
                  'description',
                  op.template.description,
                  RELEASE_PLAN_LIMITS.descriptionLength,
                ),
        });
        if (op.template.milestones !== undefined) await replaceMilestones(db, before, op.template.milestones);
      });
      return toTemplate(after) as Result;
    }
    case 'archive-template': {
      const before = await lockTemplate(db, op.templateId);
      // Archiving twice keeps the first date (and writes no second event).
      if (before.archivedAt) return undefined as Result;
      await archiveDefinition(db, before.id, new Date());
      await record('release-plan-template-archived', toTemplate(await reread(before.id)), toTemplate(before));
      return undefined as Result;
    }
    case 'delete-template': {
      const before = await lockTemplate(db, op.templateId);
      await deleteDefinition(db, before.id);
      await record('release-plan-template-deleted', undefined, toTemplate(before));
      return undefined as Result;
    }
    case 'add-milestone': {
      const milestoneId = ulid();
      const { after } = await changeTemplate(op.templateId, async (before) => {
        checkMilestoneCount(before.milestones.length + 1);
        await insertMilestoneWithStrategies(
          db,
          before.id,
          op.milestone,
          nextSortOrder(before.milestones),
          milestoneId,
        );
      });
      return toTemplateMilestone(milestoneOf(after, milestoneId)) as Result;
    }
    case 'update-milestone': {
      const { after } = await changeTemplate(op.templateId, async (before) => {
        const milestone = milestoneOf(before, op.milestoneId);
        await updateMilestone(db, milestone.id, {
          name: op.milestone.name === undefined ? milestone.name : checkName('name', op.milestone.name),
          sortOrder: checkSortOrder(op.milestone.sortOrder, milestone.sortOrder),
        });
      });
      return toTemplateMilestone(milestoneOf(after, op.milestoneId)) as Result;
    }
    case 'delete-milestone': {
      await changeTemplate(op.templateId, async (before) => {
        await deleteMilestones(db, [milestoneOf(before, op.milestoneId).id]);
      });
      return undefined as Result;
    }
    case 'add-milestone-strategy': {
      const { after } = await changeTemplate(op.templateId, async (before) => {
        const milestone = milestoneOf(before, op.milestoneId);
        checkStrategyCount(milestone.strategies.length + 1);
        await insertMilestoneStrategy(
          db,
          await buildMilestoneStrategy(db, op.strategy, {
            id: ulid(),
            milestoneId: milestone.id,
            sortOrder: nextSortOrder(milestone.strategies),
          }),
        );
      });
      return toTemplateMilestone(milestoneOf(after, op.milestoneId)) as Result;
    }
    case 'update-milestone-strategy': {
      const { after } = await changeTemplate(op.templateId, async (before) => {
        const milestone = milestoneOf(before, op.milestoneId);
        const existing = milestone.strategies.find((strategy) => strategy.id === op.strategyId);
        if (!existing) throw strategyNotFound(op.strategyId);
        await updateMilestoneStrategy(
          db,
          await buildMilestoneStrategy(db, op.strategy, {
            id: existing.id,
            milestoneId: milestone.id,
            sortOrder: existing.sortOrder,
            before: existing,
          }),
        );
      });
      const strategy = milestoneOf(after, op.milestoneId).strategies.find((s) => s.id === op.strategyId)!;
      return toMilestoneStrategy(strategy) as Result;
    }
    case 'delete-milestone-strategy': {
      await changeTemplate(op.templateId, async (before) => {
        const milestone = milestoneOf(before, op.milestoneId);
        if (!milestone.strategies.some((strategy) => strategy.id === op.strategyId))
          throw strategyNotFound(op.strategyId);
        await deleteMilestoneStrategies(db, [op.strategyId]);
      });
      return undefined as Result;
    }
  }
}
