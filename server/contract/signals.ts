import { type Static, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';
import { ConstraintOperatorSchema } from './client-features';

/**
 * Signal endpoints, their tokens and the signals they receive; action sets and their execution
 * log (issue 15; Unleash Enterprise's signalEndpointSchema, signalEndpointTokenSchema,
 * actionSetSchema, actionSetEventSchema as documented at docs.getunleash.io/api). A token's
 * secret is in its creation answer only.
 */

/** URL-safe, as the endpoint name is the last segment of `/api/signal-endpoint/{name}`. */
export const SIGNAL_ENDPOINT_NAME_PATTERN = '^[A-Za-z0-9_~.-]+$';
const EndpointName = Type.String({ minLength: 1, maxLength: 100, pattern: SIGNAL_ENDPOINT_NAME_PATTERN });
const Description = Nullable(Type.String({ maxLength: 1000 }));

export const SignalEndpointTokenSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  name: Type.String(),
  signalEndpointId: Type.Integer({ minimum: 1 }),
  createdAt: DateTimeSchema,
  createdByUserId: Nullable(Type.Integer()),
  token: Type.Optional(Type.String()),
});
export type SignalEndpointToken = Static<typeof SignalEndpointTokenSchema>;

export const SignalEndpointTokensSchema = Type.Object({
  signalEndpointTokens: Type.Array(SignalEndpointTokenSchema),
});
export type SignalEndpointTokens = Static<typeof SignalEndpointTokensSchema>;

export const SignalEndpointSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  enabled: Type.Boolean(),
  name: Type.String(),
  createdAt: DateTimeSchema,
  createdByUserId: Nullable(Type.Integer()),
  description: Description,
  url: Type.Optional(Type.String()),
  tokens: Type.Array(SignalEndpointTokenSchema),
});
export type SignalEndpoint = Static<typeof SignalEndpointSchema>;

export const SignalEndpointsSchema = Type.Object({ signalEndpoints: Type.Array(SignalEndpointSchema) });
export type SignalEndpoints = Static<typeof SignalEndpointsSchema>;

export const CreateSignalEndpointSchema = Type.Object(
  { name: EndpointName, enabled: Type.Optional(Type.Boolean()), description: Type.Optional(Description) },
  { additionalProperties: false },
);
export type CreateSignalEndpoint = Static<typeof CreateSignalEndpointSchema>;

export const UpdateSignalEndpointSchema = Type.Object(
  {
    name: Type.Optional(EndpointName),
    enabled: Type.Optional(Type.Boolean()),
    description: Type.Optional(Description),
  },
  { additionalProperties: false },
);
export type UpdateSignalEndpoint = Static<typeof UpdateSignalEndpointSchema>;

export const CreateSignalEndpointTokenSchema = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);
export type CreateSignalEndpointToken = Static<typeof CreateSignalEndpointTokenSchema>;

/** A received signal as the endpoint's log shows it. */
export const SignalEndpointSignalSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  payload: Type.Record(Type.String(), Type.Unknown()),
  createdAt: DateTimeSchema,
  tokenName: Nullable(Type.String()),
});
export type SignalEndpointSignal = Static<typeof SignalEndpointSignalSchema>;

export const SignalEndpointSignalsSchema = Type.Object({
  signalEndpointSignals: Type.Array(SignalEndpointSignalSchema),
});
export type SignalEndpointSignals = Static<typeof SignalEndpointSignalsSchema>;

export const SignalSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  source: Type.Literal('signal-endpoint'),
  sourceId: Type.Integer(),
  createdAt: DateTimeSchema,
  createdBySourceTokenId: Nullable(Type.Integer()),
  tokenName: Type.Optional(Nullable(Type.String())),
  payload: Type.Record(Type.String(), Type.Unknown()),
});
export type Signal = Static<typeof SignalSchema>;

export const SignalEndpointIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const SignalEndpointTokenParamsSchema = Type.Object({
  signalEndpointId: Type.Integer({ minimum: 1 }),
  id: Type.Integer({ minimum: 1 }),
});
export const SignalEndpointTokensParamsSchema = Type.Object({
  signalEndpointId: Type.Integer({ minimum: 1 }),
});
export const SignalEndpointNameParamsSchema = Type.Object({ name: Type.String({ maxLength: 100 }) });
export const LimitOffsetQuerySchema = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
});

/** The action kinds Unleash's actions registry documents for flags. */
export const ACTION_KINDS = ['ENABLE_FEATURE', 'DISABLE_FEATURE', 'TOGGLE_FEATURE'] as const;
export const ActionKindSchema = Type.Enum(ACTION_KINDS);
export type ActionKind = Static<typeof ActionKindSchema>;

export const ActionExecutionParamsSchema = Type.Object(
  {
    project: Type.String({ minLength: 1, maxLength: 100 }),
    environment: Type.String({ minLength: 1, maxLength: 100 }),
    featureName: Type.String({ minLength: 1, maxLength: 255 }),
  },
  { additionalProperties: false },
);
export type ActionExecutionParams = Static<typeof ActionExecutionParamsSchema>;

/** One filter on a payload path: a constraint where the signal payload is the context. */
export const ActionSetFilterSchema = Type.Object(
  {
    operator: ConstraintOperatorSchema,
    caseInsensitive: Type.Optional(Type.Boolean()),
    inverted: Type.Optional(Type.Boolean()),
    values: Type.Optional(Type.Array(Type.String({ maxLength: 1000 }))),
    value: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);
export type ActionSetFilter = Static<typeof ActionSetFilterSchema>;

export const ActionSetMatchSchema = Type.Object(
  {
    source: Type.Literal('signal-endpoint'),
    sourceId: Type.Integer({ minimum: 1 }),
    payload: Type.Record(Type.String({ maxLength: 255 }), ActionSetFilterSchema),
  },
  { additionalProperties: false },
);
export type ActionSetMatch = Static<typeof ActionSetMatchSchema>;

export const ActionSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  action: ActionKindSchema,
  sortOrder: Type.Integer(),
  executionParams: ActionExecutionParamsSchema,
  createdAt: DateTimeSchema,
  createdByUserId: Nullable(Type.Integer()),
});
export type Action = Static<typeof ActionSchema>;

export const ActionSetSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  enabled: Type.Boolean(),
  name: Type.String(),
  description: Type.Optional(Description),
  project: Type.String(),
  actorId: Type.Integer(),
  match: ActionSetMatchSchema,
  actions: Type.Array(ActionSchema),
  createdAt: DateTimeSchema,
  createdByUserId: Nullable(Type.Integer()),
});
export type ActionSet = Static<typeof ActionSetSchema>;

export const ActionSetsSchema = Type.Object({ actions: Type.Array(ActionSetSchema) });
export type ActionSets = Static<typeof ActionSetsSchema>;

export const CreateActionSchema = Type.Object(
  {
    action: ActionKindSchema,
    sortOrder: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }),
    executionParams: ActionExecutionParamsSchema,
  },
  { additionalProperties: false },
);
export type CreateAction = Static<typeof CreateActionSchema>;

export const CreateActionSetSchema = Type.Object(
  {
    enabled: Type.Optional(Type.Boolean()),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    description: Type.Optional(Description),
    actorId: Type.Integer({ minimum: 1 }),
    match: ActionSetMatchSchema,
    actions: Type.Array(CreateActionSchema, { minItems: 1, maxItems: 100 }),
  },
  { additionalProperties: false },
);
export type CreateActionSet = Static<typeof CreateActionSetSchema>;

export const ActionSetParamsSchema = Type.Object({
  projectId: Type.String(),
  id: Type.Integer({ minimum: 1 }),
});
export const ProjectActionsParamsSchema = Type.Object({ projectId: Type.String() });

export const ACTION_STATES = ['not started', 'started', 'success', 'failed'] as const;

/** The set as it ran: every action with its own outcome. */
export const ActionSetEventActionSetSchema = Type.Intersect([
  Type.Omit(ActionSetSchema, ['actions']),
  Type.Object({
    actions: Type.Array(
      Type.Intersect([
        ActionSchema,
        Type.Object({ state: Type.Enum(ACTION_STATES), details: Type.Optional(Type.String()) }),
      ]),
    ),
  }),
]);

export const ActionSetEventSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  actionSetId: Type.Integer(),
  signalId: Type.Integer(),
  createdAt: DateTimeSchema,
  state: Type.Union([Type.Literal('started'), Type.Literal('success'), Type.Literal('failed')]),
  signal: SignalSchema,
  actionSet: ActionSetEventActionSetSchema,
});
export type ActionSetEvent = Static<typeof ActionSetEventSchema>;

export const ActionSetEventsSchema = Type.Object({ actionSetEvents: Type.Array(ActionSetEventSchema) });
export type ActionSetEvents = Static<typeof ActionSetEventsSchema>;
