/**
 * The event types integrations offer (Unleash's providers list the flag events and, for chat
 * providers, change-request events; shared/unleash/API.md §8.3).
 */
export const FLAG_EVENT_TYPES = [
  'feature-created',
  'feature-updated',
  'feature-archived',
  'feature-revived',
  'feature-stale-on',
  'feature-stale-off',
  'feature-environment-enabled',
  'feature-environment-disabled',
  'feature-strategy-remove',
  'feature-strategy-update',
  'feature-strategy-add',
  'feature-metadata-updated',
  'feature-variants-updated',
  'feature-environment-variants-updated',
  'feature-project-change',
  'feature-tagged',
  'feature-untagged',
  'feature-potentially-stale-on',
  'feature-completed',
  'feature-uncompleted',
] as const;

export const CHANGE_REQUEST_EVENT_TYPES = [
  'change-request-created',
  'change-request-discarded',
  'change-added',
  'change-discarded',
  'change-request-approved',
  'change-request-approval-added',
  'change-request-cancelled',
  'change-request-sent-to-review',
  'change-request-applied',
  'change-request-rejected',
  'change-request-scheduled',
  'change-request-scheduled-application-success',
  'change-request-scheduled-application-failure',
] as const;

export const ADDON_CONFIG_EVENT_TYPES = [
  'addon-config-created',
  'addon-config-updated',
  'addon-config-deleted',
] as const;

/** Every provider offers these: flag events, change-request events and integration changes. */
export const INTEGRATION_EVENT_TYPES: string[] = [
  ...FLAG_EVENT_TYPES,
  ...CHANGE_REQUEST_EVENT_TYPES,
  ...ADDON_CONFIG_EVENT_TYPES,
];
