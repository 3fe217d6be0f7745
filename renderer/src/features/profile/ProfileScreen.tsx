import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Me, Profile } from '../../../../server/contract';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { useNow } from '../../stores/use-now';
import { useServerData } from '../../stores/use-server-data';
import { PersonalAccessTokensScreen } from '../access/index';
import { ChangePasswordForm } from './ChangePasswordForm';

interface MyProfile {
  me: Me;
  profile: Profile;
}

/** `/profile`: who I am, my root role, projects and groups, my password and my personal access tokens. */
export function ProfileScreen() {
  const now = useNow();
  const mine = useServerData<MyProfile>('my-profile', async (api) => {
    const [me, profile] = await Promise.all([api.me(), api.client.get<Profile>('/api/admin/user/profile')]);
    return { me, profile };
  });
  return (
    <>
      <PageHeader title="Profile" savedAt={mine.savedAt} fromCache={mine.fromCache} now={now} />
      <QueryState query={mine} noun="your profile" isEmpty={() => false}>
        {({ me, profile }) => (
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Paper withBorder p="md" data-testid="profile-identity">
                <Title order={2} size="h4" mb="xs">
                  {me.user.name || me.user.username || me.user.email}
                </Title>
                {me.user.email ? <Text size="sm">{me.user.email}</Text> : null}
                {me.user.username ? (
                  <Text size="sm" c="dimmed">
                    username {me.user.username}
                  </Text>
                ) : null}
                <Group gap="xs" mt="sm">
                  <Text size="sm">Root role</Text>
                  <Badge variant="light">{profile.rootRole.name}</Badge>
                </Group>
              </Paper>
              <Paper withBorder p="md" data-testid="profile-access">
                <Title order={2} size="h4" mb="xs">
                  My projects
                </Title>
                {profile.projects.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    No project membership; your root role decides what you may do.
                  </Text>
                ) : (
                  <Group gap="xs">
                    {profile.projects.map((project) => (
                      <Badge key={project} variant="outline">
                        {project}
                      </Badge>
                    ))}
                  </Group>
                )}
                <Title order={3} size="h5" mt="md" mb="xs">
                  Groups
                </Title>
                {profile.groups.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    None
                  </Text>
                ) : (
                  <Group gap="xs">
                    {profile.groups.map((group) => (
                      <Badge key={group.id ?? group.name} variant="outline" color="grape">
                        {group.name}
                      </Badge>
                    ))}
                  </Group>
                )}
              </Paper>
            </SimpleGrid>
            {profile.canChangePassword ? (
              <Paper withBorder p="md">
                <Title order={2} size="h4" mb="sm">
                  Change password
                </Title>
                <ChangePasswordForm />
              </Paper>
            ) : null}
          </Stack>
        )}
      </QueryState>
      <Stack mt="xl">
        <PersonalAccessTokensScreen />
      </Stack>
    </>
  );
}
