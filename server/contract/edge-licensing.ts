import { type Static, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';

/**
 * Enterprise Edge's licence heartbeat (issue 31 §5; API.md §6 `edgeInstanceHeartbeat`): Edge
 * posts `?connectionId=<ULID>` every 90 seconds with a client token. Switchyard has no licence
 * to enforce, so every heartbeat is answered Valid; what Edge reported is kept and listed.
 */
export const EdgeHeartbeatQuerySchema = Type.Object(
  { connectionId: Type.String({ pattern: '^[0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{26}$' }) },
  { additionalProperties: true },
);
export type EdgeHeartbeatQuery = Static<typeof EdgeHeartbeatQuerySchema>;

export const EdgeLicenseStateSchema = Type.Object({
  edgeLicenseState: Type.Union([Type.Literal('Valid'), Type.Literal('Invalid'), Type.Literal('Expired')]),
});
export type EdgeLicenseState = Static<typeof EdgeLicenseStateSchema>;

/** One Edge connection's latest heartbeat (Switchyard's own listing). */
export const EdgeHeartbeatSchema = Type.Object({
  connectionId: Type.String(),
  environment: Type.String(),
  appName: Nullable(Type.String()),
  instanceId: Nullable(Type.String()),
  userAgent: Nullable(Type.String()),
  firstSeenAt: DateTimeSchema,
  lastSeenAt: DateTimeSchema,
});
export type EdgeHeartbeat = Static<typeof EdgeHeartbeatSchema>;
export const EdgeHeartbeatsSchema = Type.Object({ heartbeats: Type.Array(EdgeHeartbeatSchema) });
export type EdgeHeartbeats = Static<typeof EdgeHeartbeatsSchema>;
