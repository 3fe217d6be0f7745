import type { ReactNode } from 'react';
import { ApiTokensScreen } from '../features/api-tokens/ApiTokensScreen';
import { ConnectionsScreen } from '../features/connections/ConnectionsScreen';
import { EnvironmentsScreen } from '../features/environments/EnvironmentsScreen';
import { EventLogScreen } from '../features/events/EventLogScreen';
import { FeatureTypesScreen } from '../features/feature-types/FeatureTypesScreen';
import { FlagsScreen } from '../features/flags/FlagsScreen';
import { OutboxScreen } from '../features/outbox/OutboxScreen';
import { ProjectsScreen } from '../features/projects/ProjectsScreen';
import {
  ApplicationsScreen,
  ContextFieldsScreen,
  GroupsScreen,
  InviteLinksScreen,
  PersonalAccessTokensScreen,
  RolesScreen,
  SegmentsScreen,
  ServiceAccountsScreen,
  TagTypesScreen,
} from '../features/read-only-lists/read-only-screens';
import { UsersScreen } from '../features/read-only-lists/UsersScreen';

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
    path: '/segments',
    label: 'Segments',
    group: 'Configure',
    keywords: 'constraints audience',
    render: () => <SegmentsScreen />,
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
];

export const DEFAULT_PATH = '/flags';
export const NAV_GROUPS: readonly NavGroup[] = ['Flags', 'Configure', 'Access', 'Observe', 'Console'];

export function findRoute(path: string): ScreenRoute | undefined {
  return ROUTES.find((route) => path === route.path || path.startsWith(`${route.path}/`));
}
