import { type Static, Type } from 'typebox';
import { EmptyResponseSchema, Nullable } from './admin-common';
import {
  ConstraintSchema,
  StrategyParametersSchema,
  StrategyVariantSchema,
  VariantSchema,
} from './client-features';

/**
 * Import and export of flags, Unleash's `features-batch` (shared/unleash/API.md §6 "Import/Export";
 * SCHEMAS.md exportQuerySchema, exportResultSchema, importTogglesSchema, importTogglesValidateSchema).
 * The file is the export result; a file written by Unleash 8.2 imports here and ours into Unleash.
 * Size bounds keep a hostile file from exhausting memory (10,000 flags must fit).
 */

export const IMPORT_LIMITS = {
  features: 20_000,
  strategies: 100_000,
  contextFields: 1_000,
  segments: 2_000,
  tags: 100_000,
  /** Bytes of an import or validate body (the routes raise Fastify's 1 MiB default to this). */
  bodyBytes: 50 * 1024 * 1024,
} as const;

const Name = Type.String({ minLength: 1, maxLength: 255 });

export const ExportQuerySchema = Type.Object(
  {
    environment: Type.String({ minLength: 1, maxLength: 100 }),
    downloadFile: Type.Optional(Type.Boolean()),
    features: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { maxItems: 20_000 })),
    tag: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    project: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    /**
     * Switchyard's addition: segments carry their description and constraints, so an import may
     * create them. Unleash refuses such a file (its segment entries are `{id, name}` only).
     */
    withSegmentDefinitions: Type.Optional(Type.Boolean()),
  },
  { description: 'One of features, tag (a tag value, as Unleash takes it) or project chooses the flags.' },
);
export type ExportQuery = Static<typeof ExportQuerySchema>;

/**
 * Switchyard's opt-in on export and validate, a query parameter because Unleash ignores unknown
 * ones (its validate body refuses unknown properties): `?extensions=true` adds strategy
 * `sortOrder` to an export and `summary` to a validate answer. Without it both answer exactly
 * Unleash 8.2's fields (issue 31 §4).
 */
export const ImportExportExtensionsQuerySchema = Type.Object({
  extensions: Type.Optional(
    Type.Boolean({
      description: "Switchyard's additions: strategy sortOrder (export), summary (validate, import).",
    }),
  ),
});
export type ImportExportExtensionsQuery = Static<typeof ImportExportExtensionsQuerySchema>;

export const ExportFeatureSchema = Type.Object({
  name: Name,
  description: Type.Optional(Nullable(Type.String({ maxLength: 10_000 }))),
  type: Type.Optional(Type.String({ maxLength: 100 })),
  project: Type.Optional(Type.String({ maxLength: 100 })),
  stale: Type.Optional(Type.Boolean()),
  impressionData: Type.Optional(Type.Boolean()),
  archived: Type.Optional(Type.Boolean()),
});
export type ExportFeature = Static<typeof ExportFeatureSchema>;

export const ExportStrategySchema = Type.Object({
  name: Name,
  id: Type.Optional(Type.String({ maxLength: 100 })),
  featureName: Type.Optional(Name),
  title: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  parameters: Type.Optional(StrategyParametersSchema),
  constraints: Type.Optional(Type.Array(ConstraintSchema, { maxItems: 1000 })),
  variants: Type.Optional(Type.Array(StrategyVariantSchema, { maxItems: 1000 })),
  disabled: Type.Optional(Nullable(Type.Boolean())),
  segments: Type.Optional(Type.Array(Type.Integer(), { maxItems: 1000 })),
  sortOrder: Type.Optional(Type.Number()),
});
export type ExportStrategy = Static<typeof ExportStrategySchema>;

export const ExportFeatureEnvironmentSchema = Type.Object({
  name: Type.Optional(Name),
  featureName: Type.Optional(Name),
  environment: Type.Optional(Type.String({ maxLength: 100 })),
  enabled: Type.Boolean(),
  variants: Type.Optional(Type.Array(VariantSchema, { maxItems: 1000 })),
});
export type ExportFeatureEnvironment = Static<typeof ExportFeatureEnvironmentSchema>;

export const ExportContextFieldSchema = Type.Object({
  name: Name,
  description: Type.Optional(Nullable(Type.String({ maxLength: 10_000 }))),
  stickiness: Type.Optional(Type.Boolean()),
  sortOrder: Type.Optional(Type.Integer()),
  legalValues: Type.Optional(
    Type.Array(
      Type.Object({
        value: Type.String({ maxLength: 1000 }),
        description: Type.Optional(Type.String({ maxLength: 1000 })),
      }),
      { maxItems: 10_000 },
    ),
  ),
  project: Type.Optional(Type.String({ maxLength: 100 })),
});
export type ExportContextField = Static<typeof ExportContextFieldSchema>;

export const ExportFeatureTagSchema = Type.Object({
  featureName: Name,
  tagType: Type.Optional(Type.String({ maxLength: 50 })),
  tagValue: Type.String({ maxLength: 50 }),
});
export type ExportFeatureTag = Static<typeof ExportFeatureTagSchema>;

/**
 * Unleash writes `{id, name}`; asked for (`withSegmentDefinitions`), Switchyard adds `description`
 * and `constraints` so an import may create a segment the target lacks.
 */
export const ExportSegmentSchema = Type.Object({
  id: Type.Integer(),
  name: Name,
  description: Type.Optional(Nullable(Type.String({ maxLength: 10_000 }))),
  constraints: Type.Optional(Type.Array(ConstraintSchema, { maxItems: 1000 })),
});
export type ExportSegment = Static<typeof ExportSegmentSchema>;

export const ExportTagTypeSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 50 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 10_000 }))),
  icon: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  color: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
});
export type ExportTagType = Static<typeof ExportTagTypeSchema>;

export const ExportDependencySchema = Type.Object({
  feature: Name,
  dependencies: Type.Array(
    Type.Object({
      feature: Name,
      enabled: Type.Optional(Type.Boolean()),
      variants: Type.Optional(Type.Array(Type.String({ maxLength: 255 }), { maxItems: 1000 })),
    }),
    { maxItems: 1000 },
  ),
});
export type ExportDependency = Static<typeof ExportDependencySchema>;

export const ExportLinksSchema = Type.Object({
  feature: Name,
  links: Type.Array(
    Type.Object({
      id: Type.Optional(Type.String({ maxLength: 100 })),
      url: Type.String({ minLength: 1, maxLength: 10_000 }),
      title: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
    }),
    { maxItems: 100 },
  ),
});
export type ExportLinks = Static<typeof ExportLinksSchema>;

export const ExportResultSchema = Type.Object({
  features: Type.Array(ExportFeatureSchema, { maxItems: IMPORT_LIMITS.features }),
  featureStrategies: Type.Array(ExportStrategySchema, { maxItems: IMPORT_LIMITS.strategies }),
  featureEnvironments: Type.Optional(
    Type.Array(ExportFeatureEnvironmentSchema, { maxItems: IMPORT_LIMITS.features }),
  ),
  contextFields: Type.Optional(
    Type.Array(ExportContextFieldSchema, { maxItems: IMPORT_LIMITS.contextFields }),
  ),
  featureTags: Type.Optional(Type.Array(ExportFeatureTagSchema, { maxItems: IMPORT_LIMITS.tags })),
  segments: Type.Optional(Type.Array(ExportSegmentSchema, { maxItems: IMPORT_LIMITS.segments })),
  tagTypes: Type.Array(ExportTagTypeSchema, { maxItems: 1000 }),
  dependencies: Type.Optional(Type.Array(ExportDependencySchema, { maxItems: IMPORT_LIMITS.features })),
  links: Type.Optional(Type.Array(ExportLinksSchema, { maxItems: IMPORT_LIMITS.features })),
});
export type ExportResult = Static<typeof ExportResultSchema>;

export const ImportTogglesSchema = Type.Object({
  project: Type.String({ minLength: 1, maxLength: 100 }),
  environment: Type.String({ minLength: 1, maxLength: 100 }),
  data: ExportResultSchema,
});
export type ImportToggles = Static<typeof ImportTogglesSchema>;

export const ImportValidateItemSchema = Type.Object({
  message: Type.String(),
  affectedItems: Type.Array(Type.String()),
});
export type ImportValidateItem = Static<typeof ImportValidateItemSchema>;

/** What an import did to one kind of thing, by name (Switchyard's addition to Unleash's empty 200). */
export const ImportOutcomeSchema = Type.Object({
  created: Type.Array(Type.String()),
  changed: Type.Array(Type.String()),
  unchanged: Type.Array(Type.String()),
});
export type ImportOutcome = Static<typeof ImportOutcomeSchema>;

export const ImportSummarySchema = Type.Object({
  features: ImportOutcomeSchema,
  contextFields: ImportOutcomeSchema,
  segments: ImportOutcomeSchema,
  tagTypes: ImportOutcomeSchema,
  /** Archived flags of the file's names, left alone as Unleash does. */
  skippedArchived: Type.Array(Type.String()),
  /** What changes on each changed flag (the diff before applying). */
  featureChanges: Type.Array(Type.Object({ feature: Type.String(), parts: Type.Array(Type.String()) })),
});
export type ImportSummary = Static<typeof ImportSummarySchema>;

/** Unleash's validate answer; asked for (`?extensions=true`), Switchyard adds what importing would do (`summary`). */
export const ImportValidateSchema = Type.Object({
  errors: Type.Array(ImportValidateItemSchema),
  warnings: Type.Array(ImportValidateItemSchema),
  permissions: Type.Optional(Type.Array(ImportValidateItemSchema)),
  summary: Type.Optional(ImportSummarySchema),
});
export type ImportValidate = Static<typeof ImportValidateSchema>;

/**
 * What an import did, Switchyard's extension (`?extensions=true`; the console asks for it). When
 * the environment requires change requests, the environment changes wait in `changeRequestId`.
 */
export const ImportResultSchema = Type.Object({
  summary: ImportSummarySchema,
  changeRequestId: Type.Optional(Type.Integer()),
});
export type ImportResult = Static<typeof ImportResultSchema>;

/** An import answers 200 with no body, as Unleash does, or the ImportResult when asked for it. */
export const ImportAnswerSchema = Type.Union([ImportResultSchema, EmptyResponseSchema]);
