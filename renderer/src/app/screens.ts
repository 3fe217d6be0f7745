import { preloadNamingPatterns } from '../components/NameCheck/naming-pattern';
import { preloadFlagPage } from '../features/flag-page/index';
import { preloadProjectStatusDialog } from '../features/insights/index';
import { preloadBannerMarkdown } from '../features/instance-admin/BannerBar';
import { type LazyScreen, lazyScreen } from './lazy-screen';

/**
 * Every screen of the route table (routes.tsx), each in its own chunk: loaded when first opened,
 * and ahead of that in the background once someone is signed in (prefetch-screens.ts), so a
 * console that loses its server can still open every screen (issue 33).
 */
export const GroupsScreen: LazyScreen = lazyScreen(
  () => import('../features/access/groups/GroupsScreen'),
  'GroupsScreen',
);
export const InactiveUsersScreen: LazyScreen = lazyScreen(
  () => import('../features/access/inactive-users/InactiveUsersScreen'),
  'InactiveUsersScreen',
);
export const InviteLinksScreen: LazyScreen = lazyScreen(
  () => import('../features/access/invite-links/InviteLinksScreen'),
  'InviteLinksScreen',
);
export const PersonalAccessTokensScreen: LazyScreen = lazyScreen(
  () => import('../features/access/personal-access-tokens/PersonalAccessTokensScreen'),
  'PersonalAccessTokensScreen',
);
export const RolesScreen: LazyScreen = lazyScreen(
  () => import('../features/access/roles/RolesScreen'),
  'RolesScreen',
);
export const ServiceAccountsScreen: LazyScreen = lazyScreen(
  () => import('../features/access/service-accounts/ServiceAccountsScreen'),
  'ServiceAccountsScreen',
);
export const UsersScreen: LazyScreen = lazyScreen(
  () => import('../features/access/users/UsersScreen'),
  'UsersScreen',
);
export const ApiTokensScreen: LazyScreen = lazyScreen(
  () => import('../features/api-tokens/ApiTokensScreen'),
  'ApiTokensScreen',
);
export const ApplicationsScreen: LazyScreen = lazyScreen(
  () => import('../features/applications/ApplicationsScreen'),
  'ApplicationsScreen',
);
export const ArchiveScreen: LazyScreen = lazyScreen(
  () => import('../features/archive/ArchiveScreen'),
  'ArchiveScreen',
);
export const PasswordLoginScreen: LazyScreen = lazyScreen(
  () => import('../features/auth-settings/PasswordLoginScreen'),
  'PasswordLoginScreen',
);
export const ScimSettingsScreen: LazyScreen = lazyScreen(
  () => import('../features/auth-settings/ScimSettingsScreen'),
  'ScimSettingsScreen',
);
export const BlastRadiusSettingsScreen: LazyScreen = lazyScreen(
  () => import('../features/blast-radius/BlastRadiusSettingsScreen'),
  'BlastRadiusSettingsScreen',
);
export const ChangeRequestsScreen: LazyScreen = lazyScreen(
  () => import('../features/change-requests/ChangeRequestsScreen'),
  'ChangeRequestsScreen',
);
export const ConnectionsScreen: LazyScreen = lazyScreen(
  () => import('../features/connections/ConnectionsScreen'),
  'ConnectionsScreen',
);
export const ContextFieldsScreen: LazyScreen = lazyScreen(
  () => import('../features/context-fields/ContextFieldsScreen'),
  'ContextFieldsScreen',
);
export const CorsScreen: LazyScreen = lazyScreen(() => import('../features/cors/CorsScreen'), 'CorsScreen');
export const ServerLogsScreen: LazyScreen = lazyScreen(
  () => import('../features/desktop/ServerLogsScreen'),
  'ServerLogsScreen',
);
export const ServerNetworkScreen: LazyScreen = lazyScreen(
  () => import('../features/desktop/ServerNetworkScreen'),
  'ServerNetworkScreen',
);
export const UpdatesScreen: LazyScreen = lazyScreen(
  () => import('../features/desktop/UpdatesScreen'),
  'UpdatesScreen',
);
export const EnvironmentsScreen: LazyScreen = lazyScreen(
  () => import('../features/environments/EnvironmentsScreen'),
  'EnvironmentsScreen',
);
export const ExperimentsScreen: LazyScreen = lazyScreen(
  () => import('../features/experiments/ExperimentsScreen'),
  'ExperimentsScreen',
);
export const EventLogScreen: LazyScreen = lazyScreen(
  () => import('../features/events/EventLogScreen'),
  'EventLogScreen',
);
export const FeatureTypesScreen: LazyScreen = lazyScreen(
  () => import('../features/feature-types/FeatureTypesScreen'),
  'FeatureTypesScreen',
);
export const FeedbackScreen: LazyScreen = lazyScreen(
  () => import('../features/feedback/FeedbackScreen'),
  'FeedbackScreen',
);
export const FlagsScreen: LazyScreen = lazyScreen(
  () => import('../features/flags/FlagsScreen'),
  'FlagsScreen',
);
export const InsightsScreen: LazyScreen = lazyScreen(
  () => import('../features/insights/InsightsScreen'),
  'InsightsScreen',
);
export const InstanceAdminScreen: LazyScreen = lazyScreen(
  () => import('../features/instance-admin/InstanceAdminScreen'),
  'InstanceAdminScreen',
);
export const InstanceStatsScreen: LazyScreen = lazyScreen(
  () => import('../features/instance-stats/InstanceStatsScreen'),
  'InstanceStatsScreen',
);
export const IntegrationsScreen: LazyScreen = lazyScreen(
  () => import('../features/integrations/IntegrationsScreen'),
  'IntegrationsScreen',
);
export const LoginHistoryScreen: LazyScreen = lazyScreen(
  () => import('../features/login-history/LoginHistoryScreen'),
  'LoginHistoryScreen',
);
export const OutboxScreen: LazyScreen = lazyScreen(
  () => import('../features/outbox/OutboxScreen'),
  'OutboxScreen',
);
export const PersonalDashboardScreen: LazyScreen = lazyScreen(
  () => import('../features/personal-dashboard/PersonalDashboardScreen'),
  'PersonalDashboardScreen',
);
export const PlaygroundScreen: LazyScreen = lazyScreen(
  () => import('../features/playground/PlaygroundScreen'),
  'PlaygroundScreen',
);
export const ProfileScreen: LazyScreen = lazyScreen(
  () => import('../features/profile/ProfileScreen'),
  'ProfileScreen',
);
export const ProjectsScreen: LazyScreen = lazyScreen(
  () => import('../features/projects/ProjectsScreen'),
  'ProjectsScreen',
);
export const ReleaseTemplatesScreen: LazyScreen = lazyScreen(
  () => import('../features/release-templates/ReleaseTemplatesScreen'),
  'ReleaseTemplatesScreen',
);
export const SegmentsScreen: LazyScreen = lazyScreen(
  () => import('../features/segments/SegmentsScreen'),
  'SegmentsScreen',
);
export const SignalEndpointsScreen: LazyScreen = lazyScreen(
  () => import('../features/signals/SignalEndpointsScreen'),
  'SignalEndpointsScreen',
);
export const SsoSettingsScreen: LazyScreen = lazyScreen(
  () => import('../features/sso/SsoSettingsScreen'),
  'SsoSettingsScreen',
);
export const StrategiesScreen: LazyScreen = lazyScreen(
  () => import('../features/strategy-definitions/StrategiesScreen'),
  'StrategiesScreen',
);
export const TagTypesScreen: LazyScreen = lazyScreen(
  () => import('../features/tag-types/TagTypesScreen'),
  'TagTypesScreen',
);
export const TrustedKeysScreen: LazyScreen = lazyScreen(
  () => import('../features/trusted-keys/TrustedKeysScreen'),
  'TrustedKeysScreen',
);

/** Chunks the screens load on demand (a flag's page, charts, markdown, re2js), prefetched after them. */
export const ON_DEMAND_CHUNKS: ReadonlyArray<() => Promise<unknown>> = [
  preloadFlagPage,
  preloadProjectStatusDialog,
  preloadBannerMarkdown,
  preloadNamingPatterns,
];
