import { type Static, Type } from 'typebox';

/**
 * The server's own traffic (issue 31 §5; SCHEMAS.md trafficUsageDataSegmentedCombinedSchema,
 * meteredRequestsSchema, meteredConnectionsSchema, requestsPerSecondSegmentedSchema).
 */
export const TRAFFIC_GROUPINGS = ['daily', 'monthly'] as const;
const DateSchema = Type.String({ format: 'date' });

export const TrafficQuerySchema = Type.Object({
  grouping: Type.Optional(Type.Union([Type.Literal('daily'), Type.Literal('monthly')])),
  from: Type.Optional(DateSchema),
  to: Type.Optional(DateSchema),
});
export type TrafficQuery = Static<typeof TrafficQuerySchema>;

const Range = {
  grouping: Type.Union([Type.Literal('daily'), Type.Literal('monthly')]),
  dateRange: Type.Object({ from: DateSchema, to: DateSchema }),
};

export const TrafficUsageSchema = Type.Object({
  ...Range,
  apiData: Type.Array(
    Type.Object({
      apiPath: Type.String(),
      dataPoints: Type.Array(
        Type.Object({
          period: Type.String(),
          trafficTypes: Type.Array(
            Type.Object({ group: Type.String(), count: Type.Integer({ minimum: 0 }) }),
          ),
        }),
      ),
    }),
  ),
});
export type TrafficUsage = Static<typeof TrafficUsageSchema>;

export const MeteredRequestsSchema = Type.Object({
  ...Range,
  apiData: Type.Array(
    Type.Object({
      meteredGroup: Type.String(),
      dataPoints: Type.Array(Type.Object({ period: Type.String(), requests: Type.Integer({ minimum: 0 }) })),
    }),
  ),
});
export type MeteredRequests = Static<typeof MeteredRequestsSchema>;

export const MeteredConnectionsSchema = Type.Object({
  ...Range,
  apiData: Type.Array(
    Type.Object({
      meteredGroup: Type.String(),
      dataPoints: Type.Array(
        Type.Object({ period: Type.String(), connections: Type.Integer({ minimum: 0 }) }),
      ),
    }),
  ),
});
export type MeteredConnections = Static<typeof MeteredConnectionsSchema>;

const RequestsPerSecondSchema = Type.Object({
  status: Type.Optional(Type.Union([Type.Literal('success'), Type.Literal('failure')])),
  data: Type.Optional(
    Type.Object({
      resultType: Type.Optional(Type.Literal('matrix')),
      result: Type.Optional(
        Type.Array(
          Type.Object({
            metric: Type.Optional(Type.Object({ endpoint: Type.Optional(Type.String()) })),
            values: Type.Optional(Type.Array(Type.Tuple([Type.Number(), Type.String()]))),
          }),
        ),
      ),
    }),
  ),
});
export const RequestsPerSecondSegmentedSchema = Type.Object({
  clientMetrics: Type.Optional(RequestsPerSecondSchema),
  adminMetrics: Type.Optional(RequestsPerSecondSchema),
});
export type RequestsPerSecondSegmented = Static<typeof RequestsPerSecondSegmentedSchema>;
