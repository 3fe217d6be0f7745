import { type Static, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';

/** The audit log as the admin API shows it (shared/unleash/API.md §8; eventSchema). */

export const EventSchema = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  createdBy: Type.String(),
  createdByUserId: Nullable(Type.Number()),
  createdAt: DateTimeSchema,
  data: Type.Unknown(),
  preData: Type.Unknown(),
  /** The flag's tags; Unleash's untagging events colour them by their tag type. */
  tags: Type.Array(
    Type.Object({ type: Type.String(), value: Type.String(), color: Type.Optional(Nullable(Type.String())) }),
  ),
  featureName: Nullable(Type.String()),
  project: Nullable(Type.String()),
  environment: Nullable(Type.String()),
  /** `transaction` for the events Unleash writes in a transaction group; absent otherwise. */
  groupType: Type.Optional(Type.String()),
  /** Shared by the events written in one transaction. */
  groupId: Type.Optional(Type.String()),
});
export type AuditEvent = Static<typeof EventSchema>;

export const EventsSchema = Type.Object({
  version: Type.Integer(),
  events: Type.Array(EventSchema),
  totalEvents: Type.Integer(),
});

export const FeatureEventsSchema = Type.Object({
  version: Type.Integer(),
  toggleName: Type.String(),
  events: Type.Array(EventSchema),
  totalEvents: Type.Integer(),
});

export const EventSearchResponseSchema = Type.Object({
  events: Type.Array(EventSchema),
  total: Type.Integer(),
});

export const EventSearchQuerySchema = Type.Object({
  query: Type.Optional(Type.String()),
  id: Type.Optional(Type.String()),
  groupId: Type.Optional(Type.String()),
  feature: Type.Optional(Type.String()),
  project: Type.Optional(Type.String()),
  type: Type.Optional(Type.String()),
  createdBy: Type.Optional(Type.String()),
  environment: Type.Optional(Type.String()),
  from: Type.Optional(Type.String()),
  to: Type.Optional(Type.String()),
  offset: Type.Optional(Type.String()),
  limit: Type.Optional(Type.String()),
});
export type EventSearchQuery = Static<typeof EventSearchQuerySchema>;

export const EventCreatorsSchema = Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }));
