/**
 * The event types each integration offers, in Unleash 8.2's lists and order (`GET
 * /api/admin/addons` on the reference server, recorded in tests/fixtures/unleash-addons; issue 31
 * §4). A subscription is checked against its provider's list.
 */

// The lists share runs in the same order; each run is written once and spread where it stands.

/** A flag's own life: created, changed, archived, revived, marked stale. */
const FLAG_LIFECYCLE_EVENT_TYPES = [
  'feature-created',
  'feature-updated',
  'feature-archived',
  'feature-revived',
  'feature-stale-on',
  'feature-stale-off',
];

/** A flag's environments and strategies, and its metadata. */
const FLAG_ENVIRONMENT_EVENT_TYPES = [
  'feature-environment-enabled',
  'feature-environment-disabled',
  'feature-strategy-remove',
  'feature-strategy-update',
  'feature-strategy-add',
  'feature-metadata-updated',
];

/** The flag changes slack and teams offer, in their order. */
const FLAG_CHANGE_EVENT_TYPES = [
  ...FLAG_LIFECYCLE_EVENT_TYPES,
  ...FLAG_ENVIRONMENT_EVENT_TYPES,
  'feature-variants-updated',
  'feature-project-change',
  'feature-potentially-stale-on',
];

/** Change requests, in slack-app's and teams' order (webhook lists them in its own). */
const CHANGE_REQUEST_EVENT_TYPES = [
  'change-added',
  'change-discarded',
  'change-edited',
  'change-request-applied',
  'change-request-approval-added',
  'change-request-approved',
  'change-request-cancelled',
  'change-request-created',
  'change-request-discarded',
  'change-request-rejected',
  'change-request-sent-to-review',
  'change-request-scheduled',
  'change-request-scheduled-application-success',
  'change-request-scheduled-application-failure',
  'change-request-schedule-suspended',
];

const RELEASE_PLAN_EVENT_TYPES = ['release-plan-progressions-paused', 'release-plan-progressions-resumed'];

/** webhook: flag changes, change requests, release-plan progressions. */
export const WEBHOOK_EVENT_TYPES: string[] = [
  ...FLAG_LIFECYCLE_EVENT_TYPES,
  'feature-completed',
  ...FLAG_ENVIRONMENT_EVENT_TYPES,
  'feature-variants-updated',
  'feature-project-change',
  'feature-tagged',
  'feature-untagged',
  'change-request-created',
  'change-request-discarded',
  'change-added',
  'change-discarded',
  'change-request-approved',
  'change-request-approval-added',
  'change-request-cancelled',
  'change-request-sent-to-review',
  'change-request-applied',
  'change-request-scheduled',
  'change-request-scheduled-application-success',
  'change-request-scheduled-application-failure',
  'change-request-schedule-suspended',
  'feature-potentially-stale-on',
  ...RELEASE_PLAN_EVENT_TYPES,
];

/** slack (incoming webhook): flag changes. */
export const SLACK_EVENT_TYPES: string[] = [...FLAG_CHANGE_EVENT_TYPES, ...RELEASE_PLAN_EVENT_TYPES];

/** slack-app: nearly every change of the instance. */
export const SLACK_APP_EVENT_TYPES: string[] = [
  'addon-config-created',
  'addon-config-deleted',
  'addon-config-updated',
  'api-token-created',
  'api-token-deleted',
  ...CHANGE_REQUEST_EVENT_TYPES,
  ...RELEASE_PLAN_EVENT_TYPES,
  'context-field-created',
  'context-field-deleted',
  'context-field-updated',
  'feature-archived',
  'feature-created',
  'feature-deleted',
  'feature-environment-disabled',
  'feature-environment-enabled',
  'feature-environment-variants-updated',
  'feature-metadata-updated',
  'feature-potentially-stale-on',
  'feature-project-change',
  'feature-revived',
  'feature-stale-off',
  'feature-stale-on',
  'feature-strategy-add',
  'feature-strategy-remove',
  'feature-strategy-update',
  'feature-tagged',
  'feature-untagged',
  'group-created',
  'group-deleted',
  'group-updated',
  'banner-created',
  'banner-updated',
  'banner-deleted',
  'project-created',
  'project-archived',
  'project-deleted',
  'segment-created',
  'segment-deleted',
  'segment-updated',
  'service-account-created',
  'service-account-deleted',
  'service-account-updated',
  'user-created',
  'user-deleted',
  'user-updated',
  'user-access-request-registered',
  'user-access-request-approved',
  'user-access-request-rejected',
];

/** teams and teamsworkflow: flag changes and change requests. */
export const TEAMS_EVENT_TYPES: string[] = [
  ...FLAG_CHANGE_EVENT_TYPES,
  ...CHANGE_REQUEST_EVENT_TYPES,
  ...RELEASE_PLAN_EVENT_TYPES,
];

/** datadog and new-relic: flag changes. */
export const METRICS_VENDOR_EVENT_TYPES: string[] = [
  ...FLAG_LIFECYCLE_EVENT_TYPES,
  ...FLAG_ENVIRONMENT_EVENT_TYPES,
  'feature-project-change',
  'feature-environment-variants-updated',
  'feature-potentially-stale-on',
];
