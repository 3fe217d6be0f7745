import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { flagPagePath } from '../../api/flag-api';
import { Link } from '../../router/navigation';
import { projectPath } from '../../router/paths';
import { useServerData } from '../../stores/use-server-data';
import { FavoriteStar } from './FavoriteStar';
import { FAVORITE_FLAGS_KEY, listFavoriteFlags } from './favorite-api';

/**
 * "My favorites" on the home screen: the flags and projects the signed-in user starred, each
 * with its star to take it off again.
 */
export function MyFavorites() {
  const flags = useServerData(FAVORITE_FLAGS_KEY, listFavoriteFlags);
  const projects = useServerData('projects', (api) => api.listProjects());
  const favoriteFlags = flags.data?.features ?? [];
  const favoriteProjects = (projects.data?.projects ?? []).filter((project) => project.favorite);
  if (!flags.data && !projects.data) return null;
  const empty = favoriteFlags.length === 0 && favoriteProjects.length === 0;

  return (
    <Card
      withBorder
      mb="md"
      component="section"
      aria-labelledby="my-favorites-title"
      data-testid="my-favorites"
    >
      <Title order={2} size="h5" id="my-favorites-title" mb="xs">
        My favorites
      </Title>
      {empty ? (
        <Text size="sm" c="dimmed">
          Star a flag or a project (☆) to keep it here.
        </Text>
      ) : (
        <Stack gap={4}>
          {favoriteProjects.map((project) => (
            <Group key={`project:${project.id}`} gap="xs" wrap="nowrap">
              <FavoriteStar target={{ kind: 'project', project: project.id }} favorite />
              <Anchor component={Link} to={projectPath(project.id)} size="sm">
                {project.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                project
              </Text>
            </Group>
          ))}
          {favoriteFlags.map((flag) => (
            <Group key={`flag:${flag.project}/${flag.name}`} gap="xs" wrap="nowrap">
              <FavoriteStar target={{ kind: 'flag', project: flag.project, name: flag.name }} favorite />
              <Anchor component={Link} to={flagPagePath(flag)} size="sm">
                {flag.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                flag in {flag.project}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
