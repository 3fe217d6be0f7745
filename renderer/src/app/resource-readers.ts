import { ACCESS_READERS } from '../features/access/access-edits';
import { CHANGE_REQUEST_READERS } from '../features/change-requests/change-request-edits';
import { CONTEXT_FIELD_READERS } from '../features/context-fields/context-field-edits';
import { FLAG_RESOURCE_READERS } from '../features/flag-page/flag-edits';
import { PROJECT_READERS } from '../features/projects/project-edits';
import { RELEASE_TEMPLATE_READERS } from '../features/release-templates/release-template-edits';
import { SEGMENT_READERS } from '../features/segments/segment-edits';
import { MILESTONE_STRATEGY_READERS } from '../features/strategies/milestone-strategy-edits';
import { STRATEGY_READERS } from '../features/strategies/strategy-edits';
import { TAG_TYPE_READERS } from '../features/tag-types/tag-type-edits';
import type { ResourceReaders } from '../stores/editable-resources';

/**
 * How the outbox reads back, when it replays, every kind of object the features edit offline.
 * The features own their readers; stores/ runs the replay but sits below features/, so app/ hands
 * them to `createConsole` at start-up (main.tsx, and the test console in test-utils).
 */
export const FEATURE_RESOURCE_READERS: ResourceReaders = {
  ...ACCESS_READERS,
  ...PROJECT_READERS,
  ...CONTEXT_FIELD_READERS,
  ...TAG_TYPE_READERS,
  ...FLAG_RESOURCE_READERS,
  ...STRATEGY_READERS,
  ...SEGMENT_READERS,
  ...CHANGE_REQUEST_READERS,
  ...RELEASE_TEMPLATE_READERS,
  ...MILESTONE_STRATEGY_READERS,
};
