import { type Static, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';
import { EventSchema } from './events';
import { TagTypeSchema } from './tags';

/**
 * Integrations ("addons", issue 16): Unleash's addonSchema, addonTypeSchema, addonCreateUpdateSchema,
 * integrationEventsSchema (shared/unleash/SCHEMAS.md, API.md §6 "Addons", §8.4) plus Switchyard's
 * additions: the `delivery` state of an addon, the test-send result and the resume operation
 * (notes/addons-contract.md). Sensitive parameters come back as {@link MASKED_PARAMETER_VALUE};
 * a PUT that sends the mask back keeps the stored value.
 */

/** What Unleash answers in place of a sensitive parameter's value. */
export const MASKED_PARAMETER_VALUE = '*****';

export const AddonParameterSchema = Type.Object({
  name: Type.String(),
  displayName: Type.String(),
  type: Type.String(),
  description: Type.Optional(Type.String()),
  placeholder: Type.Optional(Type.String()),
  required: Type.Boolean(),
  sensitive: Type.Boolean(),
});
export type AddonParameter = Static<typeof AddonParameterSchema>;

export const AddonAlertSchema = Type.Object({
  type: Type.Union([
    Type.Literal('success'),
    Type.Literal('info'),
    Type.Literal('warning'),
    Type.Literal('error'),
  ]),
  text: Type.String(),
  link: Type.Optional(Type.Object({ url: Type.String(), title: Type.Optional(Type.String()) })),
});

export const AddonTypeSchema = Type.Object({
  name: Type.String(),
  displayName: Type.String(),
  documentationUrl: Type.String(),
  description: Type.String(),
  howTo: Type.Optional(Type.String()),
  tagTypes: Type.Optional(Type.Array(TagTypeSchema)),
  parameters: Type.Optional(Type.Array(AddonParameterSchema)),
  events: Type.Optional(Type.Array(Type.String())),
  installation: Type.Optional(
    Type.Object({
      url: Type.String(),
      title: Type.Optional(Type.String()),
      helpText: Type.Optional(Type.String()),
    }),
  ),
  alerts: Type.Optional(Type.Array(AddonAlertSchema)),
  deprecated: Type.Optional(Type.String()),
});
export type AddonType = Static<typeof AddonTypeSchema>;

export const ADDON_DELIVERY_STATES = ['active', 'paused', 'disabled'] as const;
export const AddonDeliveryStateSchema = Type.Union([
  Type.Literal('active'),
  Type.Literal('paused'),
  Type.Literal('disabled'),
]);
export type AddonDeliveryState = Static<typeof AddonDeliveryStateSchema>;

/**
 * Switchyard's addition: where delivery of the addon stands. 'paused' = the circuit opened after
 * repeated failures (until `pausedUntil`, or a resume); 'disabled' = enabled:false.
 */
export const AddonDeliverySchema = Type.Object({
  state: AddonDeliveryStateSchema,
  pausedUntil: Nullable(DateTimeSchema),
  lastError: Nullable(Type.String()),
  pendingEvents: Type.Integer({ minimum: 0 }),
  lastDeliveredAt: Nullable(DateTimeSchema),
});
export type AddonDelivery = Static<typeof AddonDeliverySchema>;

const ParameterValues = Type.Record(Type.String(), Type.Unknown());

export const AddonSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  provider: Type.String(),
  description: Nullable(Type.String()),
  enabled: Type.Boolean(),
  parameters: ParameterValues,
  events: Type.Array(Type.String()),
  projects: Type.Optional(Type.Array(Type.String())),
  environments: Type.Optional(Type.Array(Type.String())),
  delivery: Type.Optional(AddonDeliverySchema),
});
export type Addon = Static<typeof AddonSchema>;

export const AddonsSchema = Type.Object({
  addons: Type.Array(AddonSchema),
  providers: Type.Array(AddonTypeSchema),
});
export type Addons = Static<typeof AddonsSchema>;

/** Bounds on what a client may send; values are checked against the provider's definition. */
export const ADDON_LIMITS = {
  descriptionLength: 1000,
  parameterCount: 50,
  parameterValueLength: 10_000,
  eventCount: 500,
  filterCount: 1000,
  nameLength: 100,
} as const;

const FilterName = Type.String({ minLength: 1, maxLength: ADDON_LIMITS.nameLength });

export const AddonCreateUpdateSchema = Type.Object({
  provider: Type.String({ minLength: 1, maxLength: ADDON_LIMITS.nameLength }),
  description: Type.Optional(Nullable(Type.String({ maxLength: ADDON_LIMITS.descriptionLength }))),
  enabled: Type.Boolean(),
  parameters: Type.Record(Type.String({ maxLength: ADDON_LIMITS.nameLength }), Type.Unknown(), {
    maxProperties: ADDON_LIMITS.parameterCount,
  }),
  events: Type.Array(FilterName, { maxItems: ADDON_LIMITS.eventCount }),
  projects: Type.Optional(Type.Array(FilterName, { maxItems: ADDON_LIMITS.filterCount })),
  environments: Type.Optional(Type.Array(FilterName, { maxItems: ADDON_LIMITS.filterCount })),
});
export type AddonCreateUpdate = Static<typeof AddonCreateUpdateSchema>;

/** Switchyard's addition: the outcome of a test event sent now (not queued). */
export const AddonTestResultSchema = Type.Object({
  ok: Type.Boolean(),
  statusCode: Nullable(Type.Integer()),
  /** The first 2 KB of the receiver's answer. */
  responseBody: Nullable(Type.String()),
  error: Nullable(Type.String()),
  durationMs: Type.Integer({ minimum: 0 }),
});
export type AddonTestResult = Static<typeof AddonTestResultSchema>;

export const INTEGRATION_EVENT_STATES = ['success', 'failed', 'successWithErrors'] as const;
export const IntegrationEventStateSchema = Type.Union([
  Type.Literal('success'),
  Type.Literal('failed'),
  Type.Literal('successWithErrors'),
]);
export type IntegrationEventState = Static<typeof IntegrationEventStateSchema>;

/** Switchyard's `details` of one delivery attempt; the URL carries no secret parts. */
export const IntegrationEventDetailsSchema = Type.Object(
  {
    attempt: Type.Integer({ minimum: 1 }),
    statusCode: Nullable(Type.Integer()),
    error: Nullable(Type.String()),
    durationMs: Type.Integer({ minimum: 0 }),
    url: Type.String(),
    nextAttemptAt: Nullable(DateTimeSchema),
  },
  { additionalProperties: true },
);
export type IntegrationEventDetails = Static<typeof IntegrationEventDetailsSchema>;

export const IntegrationEventSchema = Type.Object({
  id: Type.String({ pattern: '^[0-9]+$' }),
  integrationId: Type.Integer(),
  createdAt: DateTimeSchema,
  state: IntegrationEventStateSchema,
  stateDetails: Type.String(),
  event: EventSchema,
  details: IntegrationEventDetailsSchema,
});
export type IntegrationEvent = Static<typeof IntegrationEventSchema>;

export const IntegrationEventsSchema = Type.Object({
  integrationEvents: Type.Array(IntegrationEventSchema),
});
export type IntegrationEvents = Static<typeof IntegrationEventsSchema>;

export const AddonIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export type AddonIdParams = Static<typeof AddonIdParamsSchema>;

export const IntegrationEventsQuerySchema = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
});
export type IntegrationEventsQuery = Static<typeof IntegrationEventsQuerySchema>;
