import { EXPERIMENT_EVENT_TYPES } from '../../../../server/contract/experiment-admin';
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

/**
 * Unleash's event types, suggested by the type filter (a suggestion list, not a limit: the
 * server records more kinds, and any type can still be typed).
 */
export const EVENT_TYPE_SUGGESTIONS: string[] = [
  'feature-created',
  'feature-metadata-updated',
  'feature-project-change',
  'feature-archived',
  'feature-revived',
  'feature-deleted',
  'feature-stale-on',
  'feature-stale-off',
  'feature-potentially-stale-on',
  'feature-environment-enabled',
  'feature-environment-disabled',
  'feature-strategy-add',
  'feature-strategy-update',
  'feature-strategy-remove',
  'feature-environment-variants-updated',
  'feature-tagged',
  'feature-untagged',
  'feature-type-updated',
  'feature-dependency-added',
  'feature-dependency-removed',
  'feature-completed',
  'feature-uncompleted',
  'features-imported',
  'project-created',
  'project-updated',
  'project-deleted',
  'project-archived',
  'project-revived',
  'segment-created',
  'segment-updated',
  'segment-deleted',
  'context-field-created',
  'context-field-updated',
  'context-field-deleted',
  'strategy-created',
  'strategy-updated',
  'strategy-deleted',
  'strategy-deprecated',
  'strategy-reactivated',
  'tag-type-created',
  'tag-type-updated',
  'tag-type-deleted',
  'environment-created',
  'environment-updated',
  'environment-deleted',
  'api-token-created',
  'api-token-updated',
  'api-token-deleted',
  'user-created',
  'user-updated',
  'user-deleted',
  'group-created',
  'group-updated',
  'group-deleted',
  'role-created',
  'role-updated',
  'role-deleted',
  'service-account-created',
  'service-account-updated',
  'service-account-deleted',
  'addon-config-created',
  'addon-config-updated',
  'addon-config-deleted',
  'banner-created',
  'banner-updated',
  'banner-deleted',
  'maintenance-mode-toggled',
  'change-request-created',
  'change-request-approved',
  'change-request-applied',
  'change-request-rejected',
  'change-request-cancelled',
  // Switchyard's own (issue 35 §3): experiments on a flag.
  ...EXPERIMENT_EVENT_TYPES,
];
