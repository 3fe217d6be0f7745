import { type Static, Type } from 'typebox';
import { TRACK_LIMITS } from './experiments';

/**
 * What SDKs send the experiments (issue 35 §1 "Data in"): tracked events
 * (`POST /api/frontend/track`, `POST /api/client/track`) and the exposures of server-side SDKs
 * that evaluate locally (`POST /api/client/exposures`, Switchyard's own endpoint). Everything
 * here comes from public tokens: every string, number and list is bounded (TRACK_LIMITS).
 */

/** Letters, digits and `_ . : / -`, starting with a letter or digit: safe in URLs, logs and charts. */
export const TRACK_EVENT_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_.:/-]*$';

/** The largest body one tracking or exposure request may have (413 above it). */
export const TRACK_BODY_LIMIT = 128 * 1024;

const UserKeySchema = Type.String({ minLength: 1, maxLength: TRACK_LIMITS.userKeyLength });

/**
 * Who did it: the user key is `userId`, else `sessionId` (the stickiness order of Unleash). Other
 * context fields are accepted and ignored, so an SDK may send its whole context.
 */
export const TrackContextSchema = Type.Object(
  { userId: Type.Optional(UserKeySchema), sessionId: Type.Optional(UserKeySchema) },
  { additionalProperties: true },
);

/**
 * When it happened: an ISO 8601 date-time, or unix time in milliseconds as digits. Absent: when
 * the server received it. Not more than 5 minutes ahead of the server's clock, nor older than 7 days.
 */
const TimestampSchema = Type.String({ minLength: 1, maxLength: 40 });

export const TrackEventSchema = Type.Object(
  {
    eventName: Type.String({
      minLength: 1,
      maxLength: TRACK_LIMITS.eventNameLength,
      pattern: TRACK_EVENT_NAME_PATTERN,
    }),
    context: Type.Optional(TrackContextSchema),
    /** What the event is worth (revenue, duration…); absent, it counts 1. */
    value: Type.Optional(
      Type.Number({ minimum: -TRACK_LIMITS.maxAbsValue, maximum: TRACK_LIMITS.maxAbsValue }),
    ),
    timestamp: Type.Optional(TimestampSchema),
  },
  { additionalProperties: true },
);
export type TrackEvent = Static<typeof TrackEventSchema>;

const TrackEventListSchema = Type.Array(TrackEventSchema, {
  minItems: 1,
  maxItems: TRACK_LIMITS.eventsPerRequest,
});

/** One event, `{events: [...]}`, or a bare array of events. */
export const TrackBodySchema = Type.Union([
  TrackEventSchema,
  Type.Object({ events: TrackEventListSchema }, { additionalProperties: false }),
  TrackEventListSchema,
]);
export type TrackBody = Static<typeof TrackBodySchema>;

export const ExposureSchema = Type.Object(
  {
    featureName: Type.String({ minLength: 1, maxLength: 255 }),
    /** The variant the SDK served; `disabled` and variants the experiment does not have are ignored. */
    variant: Type.String({ minLength: 1, maxLength: 255 }),
    context: TrackContextSchema,
    timestamp: Type.Optional(TimestampSchema),
  },
  { additionalProperties: true },
);
export type Exposure = Static<typeof ExposureSchema>;

export const ExposuresBodySchema = Type.Object(
  {
    exposures: Type.Array(ExposureSchema, { minItems: 1, maxItems: TRACK_LIMITS.eventsPerRequest }),
  },
  { additionalProperties: false },
);
export type ExposuresBody = Static<typeof ExposuresBodySchema>;
