import type { LazyScreen } from './lazy-screen';
import * as screens from './screens';

export { DEFAULT_PATH } from '../router/paths';

export type NavGroup = 'Flags' | 'Configure' | 'Access' | 'Observe' | 'Console';

export interface ScreenRoute {
  path: string;
  label: string;
  group: NavGroup;
  /** Extra words the command bar matches. */
  keywords: string;
  /** The screen reads deeper paths itself (`/projects/:projectId/…`, `/applications/:name`). */
  subPages?: boolean;
  /** Its code, in a chunk of its own (issue 33). */
  screen: LazyScreen;
}

/** Every console area of issue 6, in navigation order. */
export const ROUTES: readonly ScreenRoute[] = [
  {
    path: '/personal',
    label: 'Dashboard',
    group: 'Flags',
    keywords: 'personal my projects my flags home',
    screen: screens.PersonalDashboardScreen,
  },
  {
    path: '/projects',
    label: 'Projects',
    group: 'Flags',
    keywords: 'project create',
    subPages: true,
    screen: screens.ProjectsScreen,
  },
  {
    path: '/features',
    label: 'Flags',
    group: 'Flags',
    keywords: 'feature toggles search',
    screen: screens.FlagsScreen,
  },
  {
    path: '/archive',
    label: 'Archive',
    group: 'Flags',
    keywords: 'archived revive delete restore',
    screen: screens.ArchiveScreen,
  },
  {
    path: '/change-requests',
    label: 'Change requests',
    group: 'Flags',
    keywords: 'review approve apply schedule waiting for me four eyes',
    screen: screens.ChangeRequestsScreen,
  },
  {
    path: '/playground',
    label: 'Playground',
    group: 'Flags',
    keywords: 'evaluate context why test explain',
    screen: screens.PlaygroundScreen,
  },
  {
    path: '/experiments',
    label: 'Experiments',
    group: 'Flags',
    keywords: 'a/b test ab variants metrics results winner statistics',
    screen: screens.ExperimentsScreen,
  },
  {
    path: '/segments',
    label: 'Segments',
    group: 'Configure',
    keywords: 'constraints audience',
    screen: screens.SegmentsScreen,
  },
  {
    path: '/strategies',
    label: 'Strategies',
    group: 'Configure',
    keywords: 'custom strategy definitions parameters deprecate',
    screen: screens.StrategiesScreen,
  },
  {
    path: '/release-templates',
    label: 'Release templates',
    group: 'Configure',
    keywords: 'release plans milestones rollout templates',
    screen: screens.ReleaseTemplatesScreen,
  },
  {
    path: '/context',
    label: 'Context fields',
    group: 'Configure',
    keywords: 'context legal values stickiness',
    screen: screens.ContextFieldsScreen,
  },
  {
    path: '/environments',
    label: 'Environments',
    group: 'Configure',
    keywords: 'development production order enable',
    screen: screens.EnvironmentsScreen,
  },
  {
    path: '/tag-types',
    label: 'Tag types',
    group: 'Configure',
    keywords: 'tags',
    screen: screens.TagTypesScreen,
  },
  {
    path: '/feature-toggle-type',
    label: 'Feature types',
    group: 'Configure',
    keywords: 'lifetime stale release experiment',
    screen: screens.FeatureTypesScreen,
  },
  {
    path: '/integrations',
    label: 'Integrations',
    group: 'Configure',
    keywords: 'addons webhook slack teams datadog new relic notifications deliveries',
    subPages: true,
    screen: screens.IntegrationsScreen,
  },
  {
    path: '/integrations/signals',
    label: 'Signals',
    group: 'Configure',
    keywords: 'signal endpoints webhooks actions integrations incoming',
    screen: screens.SignalEndpointsScreen,
  },
  {
    path: '/admin/api',
    label: 'API tokens',
    group: 'Access',
    keywords: 'sdk client frontend secret',
    screen: screens.ApiTokensScreen,
  },
  {
    path: '/profile/personal-api-tokens',
    label: 'Personal access tokens',
    group: 'Access',
    keywords: 'pat my tokens',
    screen: screens.PersonalAccessTokensScreen,
  },
  {
    path: '/admin/users',
    label: 'Users',
    group: 'Access',
    keywords: 'people accounts search',
    screen: screens.UsersScreen,
  },
  {
    path: '/admin/users/inactive',
    label: 'Inactive users',
    group: 'Access',
    keywords: 'unused accounts cleanup delete',
    screen: screens.InactiveUsersScreen,
  },
  {
    path: '/admin/logins',
    label: 'Login history',
    group: 'Access',
    keywords: 'sign in attempts failed logins security csv',
    screen: screens.LoginHistoryScreen,
  },
  {
    path: '/admin/roles',
    label: 'Roles',
    group: 'Access',
    keywords: 'permissions admin editor viewer',
    screen: screens.RolesScreen,
  },
  {
    path: '/admin/groups',
    label: 'Groups',
    group: 'Access',
    keywords: 'teams members',
    screen: screens.GroupsScreen,
  },
  {
    path: '/admin/service-accounts',
    label: 'Service accounts',
    group: 'Access',
    keywords: 'automation bots',
    screen: screens.ServiceAccountsScreen,
  },
  {
    path: '/admin/invite-links',
    label: 'Invite links',
    group: 'Access',
    keywords: 'signup public invite',
    screen: screens.InviteLinksScreen,
  },
  {
    // Unleash's path for its single sign-on settings (issue 33 §3); /admin/sso redirects here.
    path: '/admin/auth',
    label: 'Single sign-on',
    group: 'Access',
    keywords: 'sso oidc openid saml keycloak okta entra login',
    screen: screens.SsoSettingsScreen,
  },
  {
    path: '/admin/cors',
    label: 'CORS origins',
    group: 'Access',
    keywords: 'frontend api origins browser settings',
    screen: screens.CorsScreen,
  },
  {
    path: '/admin/auth/scim',
    label: 'SCIM provisioning',
    group: 'Access',
    keywords: 'scim okta entra azure identity provider provisioning sync token',
    screen: screens.ScimSettingsScreen,
  },
  {
    path: '/admin/auth/password',
    label: 'Password login',
    group: 'Access',
    keywords: 'sign in authentication password disable sso',
    screen: screens.PasswordLoginScreen,
  },
  {
    path: '/admin/blast-radius',
    label: 'Blast radius',
    group: 'Access',
    keywords: 'context sampling privacy preview sensitive retention',
    screen: screens.BlastRadiusSettingsScreen,
  },
  {
    path: '/admin/trusted-keys',
    label: 'Trusted keys',
    group: 'Access',
    keywords: 'signed bundles air gap ed25519 public key signature import export verify',
    screen: screens.TrustedKeysScreen,
  },
  {
    path: '/admin/instance',
    label: 'Instance',
    group: 'Access',
    keywords: 'banners announcements maintenance mode license about version console errors',
    screen: screens.InstanceAdminScreen,
  },
  {
    path: '/profile',
    label: 'Profile',
    group: 'Access',
    keywords: 'me my password account roles projects',
    screen: screens.ProfileScreen,
  },
  {
    path: '/history',
    label: 'Event log',
    group: 'Observe',
    keywords: 'audit history changes',
    screen: screens.EventLogScreen,
  },
  {
    path: '/insights',
    label: 'Insights',
    group: 'Observe',
    keywords: 'health technical debt stale trends dashboard lifecycle charts',
    screen: screens.InsightsScreen,
  },
  {
    path: '/admin/feedback',
    label: 'Feedback',
    group: 'Observe',
    keywords: 'survey opinions users said',
    screen: screens.FeedbackScreen,
  },
  {
    path: '/admin/instance-stats',
    label: 'Instance statistics',
    group: 'Observe',
    keywords: 'instance admin stats usage counts users csv',
    screen: screens.InstanceStatsScreen,
  },
  {
    path: '/applications',
    label: 'Applications',
    group: 'Observe',
    keywords: 'sdk instances metrics',
    subPages: true,
    screen: screens.ApplicationsScreen,
  },
  {
    path: '/console/pending-edits',
    label: 'Pending edits',
    group: 'Console',
    keywords: 'offline outbox conflicts queue',
    screen: screens.OutboxScreen,
  },
  {
    path: '/console/connections',
    label: 'Connections',
    group: 'Console',
    keywords: 'servers profiles remote',
    screen: screens.ConnectionsScreen,
  },
  // Desktop app only; in a browser these screens say so rather than vanish (features/desktop/DesktopOnly).
  {
    path: '/console/server',
    label: 'Server & network',
    group: 'Console',
    keywords: 'desktop sdk url address port listener expose network restart',
    screen: screens.ServerNetworkScreen,
  },
  {
    path: '/console/server-logs',
    label: 'Server logs',
    group: 'Console',
    keywords: 'desktop log output errors',
    screen: screens.ServerLogsScreen,
  },
  {
    path: '/console/updates',
    label: 'Updates',
    group: 'Console',
    keywords: 'desktop version upgrade install',
    screen: screens.UpdatesScreen,
  },
];

export const NAV_GROUPS: readonly NavGroup[] = ['Flags', 'Configure', 'Access', 'Observe', 'Console'];

/** The navigation entry a path belongs to (the longest match, so `/profile/…` is not `/profile`). */
export function findRoute(path: string): ScreenRoute | undefined {
  return ROUTES.filter(
    (route) => path === route.path || (route.subPages && path.startsWith(`${route.path}/`)),
  ).sort((a, b) => b.path.length - a.path.length)[0];
}
