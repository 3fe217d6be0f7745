import { type Static, type TSchema, Type } from 'typebox';
import { VariantSchema } from './client-features';
import { CreateDependentFeatureSchema } from './dependencies';
import {
  CreateFeatureStrategySchema,
  SetStrategySortOrderSchema,
  UpdateFeatureStrategySchema,
} from './features';
import { UpsertSegmentSchema } from './segments';

/**
 * The changes a change request carries (issue 13; SCHEMAS.md `changeRequestCreateSchema`): their
 * actions, the payload schema of each action and the envelope of a change as posted.
 */

/** Actions that change a flag (they carry `feature`). */
export const FEATURE_CHANGE_ACTIONS = [
  'updateEnabled',
  'addStrategy',
  'updateStrategy',
  'deleteStrategy',
  'reorderStrategy',
  'patchVariant',
  'archiveFeature',
  'addDependency',
  'deleteDependency',
] as const;
/** Actions that change a segment (no `feature`). */
export const SEGMENT_CHANGE_ACTIONS = ['updateSegment', 'deleteSegment'] as const;
/** Release-plan actions (issue 14): checked against RELEASE_PLAN_CHANGE_PAYLOAD_SCHEMAS. */
export const RELEASE_PLAN_CHANGE_ACTIONS = [
  'updateMilestoneStrategy',
  'addReleasePlan',
  'startMilestone',
  'deleteReleasePlan',
  'changeMilestoneProgression',
  'deleteMilestoneProgression',
  'resumeMilestoneProgression',
  'changeSafeguard',
  'deleteSafeguard',
] as const;
export type FeatureChangeAction = (typeof FEATURE_CHANGE_ACTIONS)[number];
export type SegmentChangeAction = (typeof SEGMENT_CHANGE_ACTIONS)[number];
export type SupportedChangeAction = FeatureChangeAction | SegmentChangeAction;
export type ChangeAction = SupportedChangeAction | (typeof RELEASE_PLAN_CHANGE_ACTIONS)[number];

export const UpdateEnabledPayloadSchema = Type.Object({
  enabled: Type.Boolean(),
  shouldActivateDisabledStrategies: Type.Optional(Type.Boolean()),
});
export const UpdateStrategyPayloadSchema = Type.Intersect([
  Type.Object({ id: Type.String({ minLength: 1 }) }),
  UpdateFeatureStrategySchema,
]);
export const DeleteStrategyPayloadSchema = Type.Object({ id: Type.String({ minLength: 1 }) });
export const PatchVariantPayloadSchema = Type.Object({ variants: Type.Array(VariantSchema) });
export const UpdateSegmentPayloadSchema = Type.Intersect([
  Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }),
  UpsertSegmentSchema,
]);
export const DeleteSegmentPayloadSchema = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
});

/**
 * The payload schema of every supported action; `null` for actions without a payload. The
 * service checks a change against it, so one bad change answers a 400 naming the action.
 */
export const CHANGE_PAYLOAD_SCHEMAS: Record<SupportedChangeAction, TSchema | null> = {
  updateEnabled: UpdateEnabledPayloadSchema,
  addStrategy: CreateFeatureStrategySchema,
  updateStrategy: UpdateStrategyPayloadSchema,
  deleteStrategy: DeleteStrategyPayloadSchema,
  reorderStrategy: SetStrategySortOrderSchema,
  patchVariant: PatchVariantPayloadSchema,
  archiveFeature: null,
  addDependency: CreateDependentFeatureSchema,
  deleteDependency: null,
  updateSegment: UpdateSegmentPayloadSchema,
  deleteSegment: DeleteSegmentPayloadSchema,
};

/**
 * One change as posted. The envelope is checked by the route; the payload per action by the
 * service (CHANGE_PAYLOAD_SCHEMAS), so the answer names what is wrong instead of listing every
 * branch of a 20-way union.
 */
export const ChangeRequestCreateSchema = Type.Object({
  feature: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  action: Type.String({ minLength: 1, maxLength: 100 }),
  payload: Type.Optional(Type.Unknown()),
});
export type ChangeRequestCreate = Static<typeof ChangeRequestCreateSchema>;

export const ChangeRequestOneOrManyCreateSchema = Type.Union([
  ChangeRequestCreateSchema,
  Type.Array(ChangeRequestCreateSchema, { minItems: 1, maxItems: 100 }),
]);
export type ChangeRequestOneOrManyCreate = Static<typeof ChangeRequestOneOrManyCreateSchema>;
