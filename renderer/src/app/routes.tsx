import type { ReactNode } from 'react';
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
import { ConnectionsScreen } from '../features/connections/ConnectionsScreen';
import { ContextFieldsScreen } from '../features/context-fields/ContextFieldsScreen';
import { CorsScreen } from '../features/cors/CorsScreen';
import { ServerLogsScreen } from '../features/desktop/ServerLogsScreen';
import { ServerNetworkScreen } from '../features/desktop/ServerNetworkScreen';
import { UpdatesScreen } from '../features/desktop/UpdatesScreen';
import { EnvironmentsScreen } from '../features/environments/EnvironmentsScreen';
import { EventLogScreen } from '../features/events/EventLogScreen';
import { FeatureTypesScreen } from '../features/feature-types/FeatureTypesScreen';
import { FlagsScreen } from '../features/flags/FlagsScreen';
import { OutboxScreen } from '../features/outbox/OutboxScreen';
import { ProfileScreen } from '../features/profile/ProfileScreen';
import { ProjectsScreen } from '../features/projects/ProjectsScreen';
import { SegmentsScreen } from '../features/segments/SegmentsScreen';
import { StrategiesScreen } from '../features/strategy-definitions/StrategiesScreen';
import { TagTypesScreen } from '../features/tag-types/TagTypesScreen';

export type NavGroup = 'Flags' | 'Configure' | 'Access' | 'Observe' | 'Console';

export interface ScreenRoute {
  path: string;
  label: string;
  group: NavGroup;
  /** Extra words the command bar matches. */
  keywords: string;
  render: () => ReactNode;
}

/** Every console area of issue 6, in navigation order. */
export const ROUTES: readonly ScreenRoute[] = [
  {
    path: '/projects',
    label: 'Projects',
    group: 'Flags',
    keywords: 'project create',
    render: () => <ProjectsScreen />,
  },
  {
    path: '/flags',
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
    path: '/context-fields',
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
    path: '/feature-types',
    label: 'Feature types',
    group: 'Configure',
    keywords: 'lifetime stale release experiment',
    render: () => <FeatureTypesScreen />,
  },
  {
    path: '/api-tokens',
    label: 'API tokens',
    group: 'Access',
    keywords: 'sdk client frontend secret',
    render: () => <ApiTokensScreen />,
  },
  {
    path: '/personal-access-tokens',
    label: 'Personal access tokens',
    group: 'Access',
    keywords: 'pat my tokens',
    render: () => <PersonalAccessTokensScreen />,
  },
  {
    path: '/users',
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
    path: '/roles',
    label: 'Roles',
    group: 'Access',
    keywords: 'permissions admin editor viewer',
    render: () => <RolesScreen />,
  },
  {
    path: '/groups',
    label: 'Groups',
    group: 'Access',
    keywords: 'teams members',
    render: () => <GroupsScreen />,
  },
  {
    path: '/service-accounts',
    label: 'Service accounts',
    group: 'Access',
    keywords: 'automation bots',
    render: () => <ServiceAccountsScreen />,
  },
  {
    path: '/invite-links',
    label: 'Invite links',
    group: 'Access',
    keywords: 'signup public invite',
    render: () => <InviteLinksScreen />,
  },
  {
    path: '/admin/cors',
    label: 'CORS origins',
    group: 'Access',
    keywords: 'frontend api origins browser settings',
    render: () => <CorsScreen />,
  },
  {
    path: '/profile',
    label: 'Profile',
    group: 'Access',
    keywords: 'me my password account roles projects',
    render: () => <ProfileScreen />,
  },
  {
    path: '/events',
    label: 'Event log',
    group: 'Observe',
    keywords: 'audit history changes',
    render: () => <EventLogScreen />,
  },
  {
    path: '/applications',
    label: 'Applications',
    group: 'Observe',
    keywords: 'sdk instances metrics',
    render: () => <ApplicationsScreen />,
  },
  {
    path: '/outbox',
    label: 'Pending edits',
    group: 'Console',
    keywords: 'offline outbox conflicts queue',
    render: () => <OutboxScreen />,
  },
  {
    path: '/connections',
    label: 'Connections',
    group: 'Console',
    keywords: 'servers profiles remote',
    render: () => <ConnectionsScreen />,
  },
  // Desktop app only; in a browser these screens say so rather than vanish (features/desktop/DesktopOnly).
  {
    path: '/server',
    label: 'Server & network',
    group: 'Console',
    keywords: 'desktop sdk url address port listener expose network restart',
    render: () => <ServerNetworkScreen />,
  },
  {
    path: '/server-logs',
    label: 'Server logs',
    group: 'Console',
    keywords: 'desktop log output errors',
    render: () => <ServerLogsScreen />,
  },
  {
    path: '/updates',
    label: 'Updates',
    group: 'Console',
    keywords: 'desktop version upgrade install',
    render: () => <UpdatesScreen />,
  },
];

export const DEFAULT_PATH = '/flags';
export const NAV_GROUPS: readonly NavGroup[] = ['Flags', 'Configure', 'Access', 'Observe', 'Console'];

export function findRoute(path: string): ScreenRoute | undefined {
  return ROUTES.find((route) => path === route.path || path.startsWith(`${route.path}/`));
}
