import type { ReactNode } from 'react';

export { DEFAULT_PATH } from '../router/paths';

import { GroupsScreen } from '../features/access/groups/GroupsScreen';
import { InactiveUsersScreen } from '../features/access/inactive-users/InactiveUsersScreen';
import { InviteLinksScreen } from '../features/access/invite-links/InviteLinksScreen';
import { PersonalAccessTokensScreen } from '../features/access/personal-access-tokens/PersonalAccessTokensScreen';
import { RolesScreen } from '../features/access/roles/RolesScreen';
import { ServiceAccountsScreen } from '../features/access/service-accounts/ServiceAccountsScreen';
import { UsersScreen } from '../features/access/users/UsersScreen';
import { ApiTokensScreen } from '../features/api-tokens/ApiTokensScreen';
import { ApplicationsScreen } from '../features/applications/ApplicationsScreen';
import { ArchiveScreen } from '../features/archive/ArchiveScreen';
import { PasswordLoginScreen } from '../features/auth-settings/PasswordLoginScreen';
import { ScimSettingsScreen } from '../features/auth-settings/ScimSettingsScreen';
import { BlastRadiusSettingsScreen } from '../features/blast-radius/BlastRadiusSettingsScreen';
import { ChangeRequestsScreen } from '../features/change-requests/ChangeRequestsScreen';
import { ConnectionsScreen } from '../features/connections/ConnectionsScreen';
import { ContextFieldsScreen } from '../features/context-fields/ContextFieldsScreen';
import { CorsScreen } from '../features/cors/CorsScreen';
import { ServerLogsScreen } from '../features/desktop/ServerLogsScreen';
import { ServerNetworkScreen } from '../features/desktop/ServerNetworkScreen';
import { UpdatesScreen } from '../features/desktop/UpdatesScreen';
import { EnvironmentsScreen } from '../features/environments/EnvironmentsScreen';
import { EventLogScreen } from '../features/events/EventLogScreen';
import { FeatureTypesScreen } from '../features/feature-types/FeatureTypesScreen';
import { FeedbackScreen } from '../features/feedback/FeedbackScreen';
import { FlagsScreen } from '../features/flags/FlagsScreen';
import { InsightsScreen } from '../features/insights/InsightsScreen';
import { InstanceAdminScreen } from '../features/instance-admin/InstanceAdminScreen';
import { InstanceStatsScreen } from '../features/instance-stats/InstanceStatsScreen';
import { IntegrationsScreen } from '../features/integrations/IntegrationsScreen';
import { LoginHistoryScreen } from '../features/login-history/LoginHistoryScreen';
import { OutboxScreen } from '../features/outbox/OutboxScreen';
import { PersonalDashboardScreen } from '../features/personal-dashboard/PersonalDashboardScreen';
import { PlaygroundScreen } from '../features/playground/PlaygroundScreen';
import { ProfileScreen } from '../features/profile/ProfileScreen';
import { ProjectsScreen } from '../features/projects/ProjectsScreen';
import { ReleaseTemplatesScreen } from '../features/release-templates/ReleaseTemplatesScreen';
import { SegmentsScreen } from '../features/segments/SegmentsScreen';
import { SignalEndpointsScreen } from '../features/signals/SignalEndpointsScreen';
import { SsoSettingsScreen } from '../features/sso/SsoSettingsScreen';
import { StrategiesScreen } from '../features/strategy-definitions/StrategiesScreen';
import { TagTypesScreen } from '../features/tag-types/TagTypesScreen';
import { TrustedKeysScreen } from '../features/trusted-keys/TrustedKeysScreen';

export type NavGroup = 'Flags' | 'Configure' | 'Access' | 'Observe' | 'Console';

export interface ScreenRoute {
  path: string;
  label: string;
  group: NavGroup;
  /** Extra words the command bar matches. */
  keywords: string;
  /** The screen reads deeper paths itself (`/projects/:projectId/…`, `/applications/:name`). */
  subPages?: boolean;
  render: () => ReactNode;
}

/** Every console area of issue 6, in navigation order. */
export const ROUTES: readonly ScreenRoute[] = [
  {
    path: '/personal',
    label: 'Dashboard',
    group: 'Flags',
    keywords: 'personal my projects my flags home',
    render: () => <PersonalDashboardScreen />,
  },
  {
    path: '/projects',
    label: 'Projects',
    group: 'Flags',
    keywords: 'project create',
    subPages: true,
    render: () => <ProjectsScreen />,
  },
  {
    path: '/features',
    label: 'Flags',
    group: 'Flags',
    keywords: 'feature toggles search',
    render: () => <FlagsScreen />,
  },
  {
    path: '/archive',
    label: 'Archive',
    group: 'Flags',
    keywords: 'archived revive delete restore',
    render: () => <ArchiveScreen />,
  },
  {
    path: '/change-requests',
    label: 'Change requests',
    group: 'Flags',
    keywords: 'review approve apply schedule waiting for me four eyes',
    render: () => <ChangeRequestsScreen />,
  },
  {
    path: '/playground',
    label: 'Playground',
    group: 'Flags',
    keywords: 'evaluate context why test explain',
    render: () => <PlaygroundScreen />,
  },
  {
    path: '/segments',
    label: 'Segments',
    group: 'Configure',
    keywords: 'constraints audience',
    render: () => <SegmentsScreen />,
  },
  {
    path: '/strategies',
    label: 'Strategies',
    group: 'Configure',
    keywords: 'custom strategy definitions parameters deprecate',
    render: () => <StrategiesScreen />,
  },
  {
    path: '/release-templates',
    label: 'Release templates',
    group: 'Configure',
    keywords: 'release plans milestones rollout templates',
    render: () => <ReleaseTemplatesScreen />,
  },
  {
    path: '/context',
    label: 'Context fields',
    group: 'Configure',
    keywords: 'context legal values stickiness',
    render: () => <ContextFieldsScreen />,
  },
  {
    path: '/environments',
    label: 'Environments',
    group: 'Configure',
    keywords: 'development production order enable',
    render: () => <EnvironmentsScreen />,
  },
  {
    path: '/tag-types',
    label: 'Tag types',
    group: 'Configure',
    keywords: 'tags',
    render: () => <TagTypesScreen />,
  },
  {
    path: '/feature-toggle-type',
    label: 'Feature types',
    group: 'Configure',
    keywords: 'lifetime stale release experiment',
    render: () => <FeatureTypesScreen />,
  },
  {
    path: '/integrations',
    label: 'Integrations',
    group: 'Configure',
    keywords: 'addons webhook slack teams datadog new relic notifications deliveries',
    subPages: true,
    render: () => <IntegrationsScreen />,
  },
  {
    path: '/integrations/signals',
    label: 'Signals',
    group: 'Configure',
    keywords: 'signal endpoints webhooks actions integrations incoming',
    render: () => <SignalEndpointsScreen />,
  },
  {
    path: '/admin/api',
    label: 'API tokens',
    group: 'Access',
    keywords: 'sdk client frontend secret',
    render: () => <ApiTokensScreen />,
  },
  {
    path: '/profile/personal-api-tokens',
    label: 'Personal access tokens',
    group: 'Access',
    keywords: 'pat my tokens',
    render: () => <PersonalAccessTokensScreen />,
  },
  {
    path: '/admin/users',
    label: 'Users',
    group: 'Access',
    keywords: 'people accounts search',
    render: () => <UsersScreen />,
  },
  {
    path: '/admin/users/inactive',
    label: 'Inactive users',
    group: 'Access',
    keywords: 'unused accounts cleanup delete',
    render: () => <InactiveUsersScreen />,
  },
  {
    path: '/admin/logins',
    label: 'Login history',
    group: 'Access',
    keywords: 'sign in attempts failed logins security csv',
    render: () => <LoginHistoryScreen />,
  },
  {
    path: '/admin/roles',
    label: 'Roles',
    group: 'Access',
    keywords: 'permissions admin editor viewer',
    render: () => <RolesScreen />,
  },
  {
    path: '/admin/groups',
    label: 'Groups',
    group: 'Access',
    keywords: 'teams members',
    render: () => <GroupsScreen />,
  },
  {
    path: '/admin/service-accounts',
    label: 'Service accounts',
    group: 'Access',
    keywords: 'automation bots',
    render: () => <ServiceAccountsScreen />,
  },
  {
    path: '/admin/invite-links',
    label: 'Invite links',
    group: 'Access',
    keywords: 'signup public invite',
    render: () => <InviteLinksScreen />,
  },
  {
    path: '/admin/sso',
    label: 'Single sign-on',
    group: 'Access',
    keywords: 'sso oidc openid saml keycloak okta entra login',
    render: () => <SsoSettingsScreen />,
  },
  {
    path: '/admin/cors',
    label: 'CORS origins',
    group: 'Access',
    keywords: 'frontend api origins browser settings',
    render: () => <CorsScreen />,
  },
  {
    path: '/admin/auth/scim',
    label: 'SCIM provisioning',
    group: 'Access',
    keywords: 'scim okta entra azure identity provider provisioning sync token',
    render: () => <ScimSettingsScreen />,
  },
  {
    path: '/admin/auth/password',
    label: 'Password login',
    group: 'Access',
    keywords: 'sign in authentication password disable sso',
    render: () => <PasswordLoginScreen />,
  },
  {
    path: '/admin/blast-radius',
    label: 'Blast radius',
    group: 'Access',
    keywords: 'context sampling privacy preview sensitive retention',
    render: () => <BlastRadiusSettingsScreen />,
  },
  {
    path: '/admin/trusted-keys',
    label: 'Trusted keys',
    group: 'Access',
    keywords: 'signed bundles air gap ed25519 public key signature import export verify',
    render: () => <TrustedKeysScreen />,
  },
  {
    path: '/admin/instance',
    label: 'Instance',
    group: 'Access',
    keywords: 'banners announcements maintenance mode license about version console errors',
    render: () => <InstanceAdminScreen />,
  },
  {
    path: '/profile',
    label: 'Profile',
    group: 'Access',
    keywords: 'me my password account roles projects',
    render: () => <ProfileScreen />,
  },
  {
    path: '/history',
    label: 'Event log',
    group: 'Observe',
    keywords: 'audit history changes',
    render: () => <EventLogScreen />,
  },
  {
    path: '/insights',
    label: 'Insights',
    group: 'Observe',
    keywords: 'health technical debt stale trends dashboard lifecycle charts',
    render: () => <InsightsScreen />,
  },
  {
    path: '/admin/feedback',
    label: 'Feedback',
    group: 'Observe',
    keywords: 'survey opinions users said',
    render: () => <FeedbackScreen />,
  },
  {
    path: '/admin/instance-stats',
    label: 'Instance statistics',
    group: 'Observe',
    keywords: 'instance admin stats usage counts users csv',
    render: () => <InstanceStatsScreen />,
  },
  {
    path: '/applications',
    label: 'Applications',
    group: 'Observe',
    keywords: 'sdk instances metrics',
    subPages: true,
    render: () => <ApplicationsScreen />,
  },
  {
    path: '/console/pending-edits',
    label: 'Pending edits',
    group: 'Console',
    keywords: 'offline outbox conflicts queue',
    render: () => <OutboxScreen />,
  },
  {
    path: '/console/connections',
    label: 'Connections',
    group: 'Console',
    keywords: 'servers profiles remote',
    render: () => <ConnectionsScreen />,
  },
  // Desktop app only; in a browser these screens say so rather than vanish (features/desktop/DesktopOnly).
  {
    path: '/console/server',
    label: 'Server & network',
    group: 'Console',
    keywords: 'desktop sdk url address port listener expose network restart',
    render: () => <ServerNetworkScreen />,
  },
  {
    path: '/console/server-logs',
    label: 'Server logs',
    group: 'Console',
    keywords: 'desktop log output errors',
    render: () => <ServerLogsScreen />,
  },
  {
    path: '/console/updates',
    label: 'Updates',
    group: 'Console',
    keywords: 'desktop version upgrade install',
    render: () => <UpdatesScreen />,
  },
];

export const NAV_GROUPS: readonly NavGroup[] = ['Flags', 'Configure', 'Access', 'Observe', 'Console'];

/** The navigation entry a path belongs to (the longest match, so `/profile/…` is not `/profile`). */
export function findRoute(path: string): ScreenRoute | undefined {
  return ROUTES.filter(
    (route) => path === route.path || (route.subPages && path.startsWith(`${route.path}/`)),
  ).sort((a, b) => b.path.length - a.path.length)[0];
}
