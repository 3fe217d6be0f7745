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
} from './release-plan-write-store';
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

/** What every template handler works with: the caller's transaction and actor. */
interface TemplateContext {
  db: Queryable;
  actor: Actor;
}

type OperationOf<K extends TemplateOperation['kind']> = Extract<TemplateOperation, { kind: K }>;
type Handler<K extends TemplateOperation['kind']> = (
  ctx: TemplateContext,
  op: OperationOf<K>,
) => Promise<TemplateOperationResults[K]>;

function recordTemplateEvent({ db, actor }: TemplateContext, type: string, data: unknown, preData?: unknown) {
  return appendEvent(db, { type, createdBy: actor.name, createdByUserId: actor.userId, data, preData });
}

async function reread(db: Queryable, id: string): Promise<DefinitionRecord> {
  return (await getDefinition(db, id, 'template'))!;
}

/** Runs a change to a template's milestones and records it as a template update. */
async function changeTemplate(
  ctx: TemplateContext,
  templateId: string,
  change: (template: DefinitionRecord) => Promise<void>,
): Promise<DefinitionRecord> {
  const before = await lockTemplate(ctx.db, templateId);
  await change(before);
  const after = await reread(ctx.db, templateId);
  await recordTemplateEvent(ctx, 'release-plan-template-updated', toTemplate(after), toTemplate(before));
  return after;
}

const createTemplate: Handler<'create-template'> = async (ctx, op) => {
  const { db, actor } = ctx;
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
  const created = toTemplate(await reread(db, id));
  await recordTemplateEvent(ctx, 'release-plan-template-created', created);
  return created;
};

const updateTemplate: Handler<'update-template'> = async (ctx, op) => {
  const after = await changeTemplate(ctx, op.templateId, async (before) => {
    await updateDefinitionText(ctx.db, before.id, {
      name: checkName('name', op.template.name),
      description:
        op.template.description === undefined
          ? before.description
          : checkOptionalText('description', op.template.description, RELEASE_PLAN_LIMITS.descriptionLength),
    });
    if (op.template.milestones !== undefined) await replaceMilestones(ctx.db, before, op.template.milestones);
  });
  return toTemplate(after);
};

const archiveTemplate: Handler<'archive-template'> = async (ctx, op) => {
  const before = await lockTemplate(ctx.db, op.templateId);
  // Archiving twice keeps the first date (and writes no second event).
  if (before.archivedAt) return undefined;
  await archiveDefinition(ctx.db, before.id, new Date());
  const after = toTemplate(await reread(ctx.db, before.id));
  await recordTemplateEvent(ctx, 'release-plan-template-archived', after, toTemplate(before));
  return undefined;
};

const deleteTemplate: Handler<'delete-template'> = async (ctx, op) => {
  const before = await lockTemplate(ctx.db, op.templateId);
  await deleteDefinition(ctx.db, before.id);
  await recordTemplateEvent(ctx, 'release-plan-template-deleted', undefined, toTemplate(before));
  return undefined;
};

const addMilestone: Handler<'add-milestone'> = async (ctx, op) => {
  const milestoneId = ulid();
  const after = await changeTemplate(ctx, op.templateId, async (before) => {
    checkMilestoneCount(before.milestones.length + 1);
    const sortOrder = nextSortOrder(before.milestones);
    await insertMilestoneWithStrategies(ctx.db, before.id, op.milestone, sortOrder, milestoneId);
  });
  return toTemplateMilestone(milestoneOf(after, milestoneId));
};

const updateMilestoneOp: Handler<'update-milestone'> = async (ctx, op) => {
  const after = await changeTemplate(ctx, op.templateId, async (before) => {
    const milestone = milestoneOf(before, op.milestoneId);
    await updateMilestone(ctx.db, milestone.id, {
      name: op.milestone.name === undefined ? milestone.name : checkName('name', op.milestone.name),
      sortOrder: checkSortOrder(op.milestone.sortOrder, milestone.sortOrder),
    });
  });
  return toTemplateMilestone(milestoneOf(after, op.milestoneId));
};

const deleteMilestone: Handler<'delete-milestone'> = async (ctx, op) => {
  await changeTemplate(ctx, op.templateId, async (before) => {
    await deleteMilestones(ctx.db, [milestoneOf(before, op.milestoneId).id]);
  });
  return undefined;
};

const addMilestoneStrategy: Handler<'add-milestone-strategy'> = async (ctx, op) => {
  const after = await changeTemplate(ctx, op.templateId, async (before) => {
    const milestone = milestoneOf(before, op.milestoneId);
    checkStrategyCount(milestone.strategies.length + 1);
    await insertMilestoneStrategy(
      ctx.db,
      await buildMilestoneStrategy(ctx.db, op.strategy, {
        id: ulid(),
        milestoneId: milestone.id,
        sortOrder: nextSortOrder(milestone.strategies),
      }),
    );
  });
  return toTemplateMilestone(milestoneOf(after, op.milestoneId));
};

const updateMilestoneStrategyOp: Handler<'update-milestone-strategy'> = async (ctx, op) => {
  const after = await changeTemplate(ctx, op.templateId, async (before) => {
    const milestone = milestoneOf(before, op.milestoneId);
    const existing = milestone.strategies.find((strategy) => strategy.id === op.strategyId);
    if (!existing) throw strategyNotFound(op.strategyId);
    await updateMilestoneStrategy(
      ctx.db,
      await buildMilestoneStrategy(ctx.db, op.strategy, {
        id: existing.id,
        milestoneId: milestone.id,
        sortOrder: existing.sortOrder,
        before: existing,
      }),
    );
  });
  const strategy = milestoneOf(after, op.milestoneId).strategies.find((s) => s.id === op.strategyId)!;
  return toMilestoneStrategy(strategy);
};

const deleteMilestoneStrategy: Handler<'delete-milestone-strategy'> = async (ctx, op) => {
  await changeTemplate(ctx, op.templateId, async (before) => {
    const milestone = milestoneOf(before, op.milestoneId);
    if (!milestone.strategies.some((strategy) => strategy.id === op.strategyId))
      throw strategyNotFound(op.strategyId);
    await deleteMilestoneStrategies(ctx.db, [op.strategyId]);
  });
  return undefined;
};

/** One handler per operation kind, each applying its change and event in the caller's transaction. */
const HANDLERS: { [K in TemplateOperation['kind']]: Handler<K> } = {
  'create-template': createTemplate,
  'update-template': updateTemplate,
  'archive-template': archiveTemplate,
  'delete-template': deleteTemplate,
  'add-milestone': addMilestone,
  'update-milestone': updateMilestoneOp,
  'delete-milestone': deleteMilestone,
  'add-milestone-strategy': addMilestoneStrategy,
  'update-milestone-strategy': updateMilestoneStrategyOp,
  'delete-milestone-strategy': deleteMilestoneStrategy,
};

export async function applyTemplateOperation<O extends TemplateOperation>(
  db: Queryable,
  operation: O,
  actor: Actor,
): Promise<TemplateOperationResults[O['kind']]> {
  const handler = HANDLERS[operation.kind] as Handler<O['kind']>;
  return handler({ db, actor }, operation as unknown as OperationOf<O['kind']>);
}
