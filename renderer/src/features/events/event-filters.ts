import { EVENT_PAGE_SIZE, type EventSearchFilters } from '../../api/search-params';

/** The event log's filters as they sit in the URL hash. */
export interface EventLogQuery {
  query: string;
  type: string;
  project: string;
  feature: string;
  createdBy: string;
  environment: string;
  from: string;
  to: string;
  page: number;
}

const FIELDS = ['query', 'type', 'project', 'feature', 'createdBy', 'environment', 'from', 'to'] as const;

export function readEventQuery(query: Record<string, string>): EventLogQuery {
  const page = Number.parseInt(query.page ?? '1', 10);
  const read = Object.fromEntries(FIELDS.map((field) => [field, query[field] ?? ''])) as Omit<
    EventLogQuery,
    'page'
  >;
  return { ...read, page: Number.isFinite(page) && page > 0 ? page : 1 };
}

export function writeEventQuery(log: EventLogQuery): Record<string, string | number | null> {
  return {
    ...Object.fromEntries(FIELDS.map((field) => [field, log[field] || null])),
    page: log.page > 1 ? log.page : null,
  };
}

export function toEventFilters(log: EventLogQuery): EventSearchFilters {
  return {
    query: log.query,
    type: log.type,
    project: log.project,
    feature: log.feature,
    createdBy: log.createdBy,
    environment: log.environment,
    from: log.from,
    to: log.to,
    offset: (log.page - 1) * EVENT_PAGE_SIZE,
    limit: EVENT_PAGE_SIZE,
  };
}

export function eventLogKey(log: EventLogQuery): string {
  return `events?${JSON.stringify(toEventFilters(log))}`;
}
