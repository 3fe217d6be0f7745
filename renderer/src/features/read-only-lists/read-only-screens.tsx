import { Badge, ColorSwatch, Group, Text } from '@mantine/core';
import type {
  Application,
  ContextField,
  InviteLink,
  PersonalAccessToken,
  Role,
  Segment,
  ServiceAccount,
  TagType,
  Group as UserGroup,
} from '../../api/types';
import { ReadOnlyList } from './ReadOnlyList';

const day = (value: string | null | undefined, fallback = '–') =>
  value ? new Date(value).toLocaleDateString() : fallback;
const strong = (value: string) => <Text fw={600}>{value}</Text>;

export function SegmentsScreen() {
  return (
    <ReadOnlyList<Segment>
      title="Segments"
      description="Reusable sets of constraints that strategies include by name."
      queryKey="segments"
      load={async (api) => (await api.listSegments()).segments ?? []}
      rowKey={(segment) => String(segment.id)}
      text={(segment) => `${segment.name} ${segment.description ?? ''} ${segment.project ?? ''}`}
      noun="segments"
      columns={[
        {
          label: 'Segment',
          render: (segment) => (
            <>
              {strong(segment.name)}
              {segment.description ? (
                <Text size="sm" c="dimmed">
                  {segment.description}
                </Text>
              ) : null}
            </>
          ),
        },
        { label: 'Constraints', numeric: true, render: (segment) => segment.constraints.length },
        { label: 'Used by flags', numeric: true, render: (segment) => segment.usedInFeatures ?? '–' },
        { label: 'Project', render: (segment) => segment.project ?? 'all projects' },
        { label: 'Created', render: (segment) => day(segment.createdAt) },
      ]}
    />
  );
}

export function ContextFieldsScreen() {
  return (
    <ReadOnlyList<ContextField>
      title="Context fields"
      description="The fields of the evaluation context that constraints can test, with their legal values."
      queryKey="context-fields"
      load={(api) => api.listContextFields()}
      rowKey={(field) => field.name}
      text={(field) => `${field.name} ${field.description ?? ''}`}
      noun="context fields"
      columns={[
        {
          label: 'Field',
          render: (field) => (
            <>
              {strong(field.name)}
              {field.description ? (
                <Text size="sm" c="dimmed">
                  {field.description}
                </Text>
              ) : null}
            </>
          ),
        },
        {
          label: 'Legal values',
          render: (field) =>
            field.legalValues?.length ? (
              <Group gap={4}>
                {field.legalValues.slice(0, 8).map((legal) => (
                  <Badge key={legal.value} variant="outline" size="sm">
                    {legal.value}
                  </Badge>
                ))}
                {field.legalValues.length > 8 ? (
                  <Text size="xs" c="dimmed">
                    +{field.legalValues.length - 8}
                  </Text>
                ) : null}
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                any
              </Text>
            ),
        },
        {
          label: 'Stickiness',
          render: (field) => (field.stickiness ? <Badge variant="light">yes</Badge> : '–'),
        },
        { label: 'Used by flags', numeric: true, render: (field) => field.usedInFeatures ?? '–' },
      ]}
    />
  );
}

export function TagTypesScreen() {
  return (
    <ReadOnlyList<TagType>
      title="Tag types"
      description="The kinds of tags flags can carry, e.g. simple or team."
      queryKey="tag-types"
      load={async (api) => (await api.listTagTypes()).tagTypes}
      rowKey={(type) => type.name}
      text={(type) => `${type.name} ${type.description ?? ''}`}
      noun="tag types"
      columns={[
        {
          label: 'Tag type',
          render: (type) => (
            <Group gap="xs">
              {type.color ? <ColorSwatch color={type.color} size={12} aria-hidden /> : null}
              {strong(type.name)}
            </Group>
          ),
        },
        { label: 'Description', render: (type) => type.description || '–' },
      ]}
    />
  );
}

export function PersonalAccessTokensScreen() {
  return (
    <ReadOnlyList<PersonalAccessToken>
      title="Personal access tokens"
      description="Your own tokens: they act with your permissions. Secrets are shown only when a token is created."
      queryKey="personal-access-tokens"
      load={async (api) => (await api.listPersonalAccessTokens()).pats ?? []}
      rowKey={(pat) => String(pat.id)}
      text={(pat) => pat.description}
      noun="personal access tokens"
      columns={[
        { label: 'Description', render: (pat) => strong(pat.description) },
        { label: 'Created', render: (pat) => day(pat.createdAt) },
        { label: 'Last used', render: (pat) => day(pat.seenAt, 'never') },
        {
          label: 'Expires',
          render: (pat) => (
            <Group gap="xs">
              {day(pat.expiresAt)}
              {pat.expiryWarning ? (
                <Badge color={pat.expiryWarning === 'expired' ? 'red' : 'yellow'} size="sm">
                  {pat.expiryWarning}
                </Badge>
              ) : null}
            </Group>
          ),
        },
      ]}
    />
  );
}

export function RolesScreen() {
  return (
    <ReadOnlyList<Role>
      title="Roles"
      description="Root roles grant permissions everywhere; project roles grant them within a project."
      queryKey="roles"
      load={async (api) => (await api.listRoles()).roles}
      rowKey={(role) => String(role.id)}
      text={(role) => `${role.name} ${role.description ?? ''} ${role.type}`}
      noun="roles"
      columns={[
        {
          label: 'Role',
          render: (role) => (
            <>
              {strong(role.name)}
              {role.description ? (
                <Text size="sm" c="dimmed">
                  {role.description}
                </Text>
              ) : null}
            </>
          ),
        },
        { label: 'Type', render: (role) => <Badge variant="light">{role.type}</Badge> },
      ]}
    />
  );
}

export function GroupsScreen() {
  return (
    <ReadOnlyList<UserGroup>
      title="Groups"
      description="Groups of users that receive roles together."
      queryKey="groups"
      load={async (api) => (await api.listGroups()).groups ?? []}
      rowKey={(group) => String(group.id ?? group.name)}
      text={(group) => `${group.name} ${group.description ?? ''}`}
      noun="groups"
      columns={[
        {
          label: 'Group',
          render: (group) => (
            <>
              {strong(group.name)}
              {group.description ? (
                <Text size="sm" c="dimmed">
                  {group.description}
                </Text>
              ) : null}
            </>
          ),
        },
        { label: 'Members', numeric: true, render: (group) => group.userCount ?? '–' },
        { label: 'Projects', render: (group) => group.projects?.join(', ') || '–' },
        { label: 'Created', render: (group) => day(group.createdAt) },
      ]}
    />
  );
}

export function ServiceAccountsScreen() {
  return (
    <ReadOnlyList<ServiceAccount>
      title="Service accounts"
      description="Accounts for automation, with their own tokens and a root role."
      queryKey="service-accounts"
      load={async (api) => (await api.listServiceAccounts()).serviceAccounts}
      rowKey={(account) => String(account.id)}
      text={(account) => `${account.name ?? ''} ${account.username ?? ''}`}
      noun="service accounts"
      columns={[
        {
          label: 'Account',
          render: (account) => (
            <>
              {strong(account.name ?? account.username ?? `#${account.id}`)}
              {account.username ? (
                <Text size="sm" c="dimmed" ff="monospace">
                  {account.username}
                </Text>
              ) : null}
            </>
          ),
        },
        { label: 'Tokens', numeric: true, render: (account) => account.tokens?.length ?? 0 },
        { label: 'Last seen', render: (account) => day(account.seenAt, 'never') },
        { label: 'Created', render: (account) => day(account.createdAt) },
      ]}
    />
  );
}

export function InviteLinksScreen() {
  return (
    <ReadOnlyList<InviteLink>
      title="Invite links"
      description="Public sign-up links: whoever opens one before it expires becomes a user with its role."
      queryKey="invite-links"
      load={async (api) => (await api.listInviteLinks()).tokens}
      rowKey={(link) => link.secret}
      text={(link) => `${link.name} ${link.role.name}`}
      noun="invite links"
      columns={[
        { label: 'Link', render: (link) => strong(link.name) },
        { label: 'Role', render: (link) => link.role.name },
        {
          label: 'State',
          render: (link) => (
            <Badge color={link.enabled ? 'teal' : 'gray'} variant="light">
              {link.enabled ? 'enabled' : 'disabled'}
            </Badge>
          ),
        },
        { label: 'Users', numeric: true, render: (link) => link.users?.length ?? 0 },
        { label: 'Expires', render: (link) => day(link.expiresAt) },
      ]}
    />
  );
}

export function ApplicationsScreen() {
  return (
    <ReadOnlyList<Application>
      title="Applications"
      description="Applications whose SDKs registered with this server, and where they use flags."
      queryKey="applications"
      load={async (api) => (await api.listApplications()).applications}
      rowKey={(app) => app.appName}
      text={(app) => `${app.appName} ${app.description ?? ''} ${app.sdkVersion ?? ''}`}
      noun="applications"
      columns={[
        {
          label: 'Application',
          render: (app) => (
            <>
              {strong(app.appName)}
              {app.description ? (
                <Text size="sm" c="dimmed">
                  {app.description}
                </Text>
              ) : null}
            </>
          ),
        },
        { label: 'SDK', render: (app) => app.sdkVersion ?? '–' },
        {
          label: 'Used in',
          render: (app) =>
            app.usage?.length ? (
              <Group gap={4}>
                {app.usage.map((usage) => (
                  <Badge key={usage.project} variant="outline" size="sm">
                    {usage.project}: {usage.environments.join(', ')}
                  </Badge>
                ))}
              </Group>
            ) : (
              '–'
            ),
        },
      ]}
    />
  );
}
