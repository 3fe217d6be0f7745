import { Alert, Anchor, Badge, Button, Group, Modal, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { Project } from '../../api/types';
import { ListTable } from '../../components/ListTable/ListTable';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { PendingBadge } from '../../components/PendingBadge/PendingBadge';
import { QueryState } from '../../components/QueryState/QueryState';
import { Link, navigate, useLocation } from '../../router/navigation';
import { flagOfPath, projectPath, withQuery } from '../../router/paths';
import { usePermission } from '../../stores/permissions';
import { useNow } from '../../stores/use-now';
import { useProfileOutbox } from '../../stores/use-outbox';
import { useServerData } from '../../stores/use-server-data';
import { ChangeRequestPage, changeRequestOfPath } from '../change-requests/index';
import { FavoriteStar } from '../favorites/index';
import { FlagPage } from '../flag-page/index';
import { CreateProjectForm } from './CreateProjectForm';
import { ProjectPage } from './ProjectPage';
import classes from './ProjectsScreen.module.css';

interface Row {
  project: Pick<Project, 'id' | 'name' | 'description'> & Partial<Project>;
  pending?: ReturnType<typeof useProfileOutbox>[number];
}

/** `/projects/:projectId[/tab]`: the project and the tab a path names (Unleash's paths). */
export function projectOfPath(path: string): { projectId: string; tab: string | null } | null {
  const [root, project, tab = null] = path.split('/').filter(Boolean);
  if (root !== 'projects' || !project) return null;
  try {
    return { projectId: decodeURIComponent(project), tab };
  } catch {
    return null;
  }
}

/**
 * `/projects` lists projects; `/projects/:projectId` opens one on its flag list (as Unleash);
 * `/projects/:projectId/features/:featureId[/tab]` is a flag's page.
 */
export function ProjectsScreen() {
  const { path } = useLocation();
  const flag = flagOfPath(path);
  if (flag) return <FlagPage key={`${flag.project}/${flag.name}`} project={flag.project} name={flag.name} />;
  const changeRequest = changeRequestOfPath(path);
  if (changeRequest)
    return <ChangeRequestPage key={`${changeRequest.project}/${changeRequest.id}`} {...changeRequest} />;
  const project = projectOfPath(path);
  return project ? (
    <ProjectPage key={project.projectId} projectId={project.projectId} tab={project.tab} />
  ) : (
    <ProjectList />
  );
}

function ProjectList() {
  const projects = useServerData('projects', (api) => api.listProjects());
  const outbox = useProfileOutbox();
  const now = useNow();
  const [creating, setCreating] = useState(false);
  const canCreate = usePermission('CREATE_PROJECT') !== false;
  const [notice, setNotice] = useState<string | null>(null);

  const listed = projects.data?.projects ?? [];
  const queued: Row[] = outbox
    .filter((entry) => entry.kind === 'project' && !listed.some((p) => p.id === entry.target))
    .map((entry) => ({ project: entry.mine as Row['project'], pending: entry }));
  const rows: Row[] = [...listed.map((project) => ({ project })), ...queued];

  return (
    <>
      <PageHeader
        title="Projects"
        description="Projects group flags, their environments and who may change them."
        savedAt={projects.savedAt}
        fromCache={projects.fromCache}
        now={now}
        actions={canCreate ? <Button onClick={() => setCreating(true)}>New project</Button> : null}
      />
      {notice ? (
        <Alert color="teal" variant="light" withCloseButton onClose={() => setNotice(null)} mb="md">
          {notice}
        </Alert>
      ) : null}
      <QueryState
        query={{ ...projects, data: projects.data ? rows : undefined }}
        noun="projects"
        isEmpty={(data) => data.length === 0}
      >
        {(data) => (
          <ListTable
            minWidth={640}
            columns={[
              'Project',
              { label: 'Flags', className: classes.number },
              { label: 'Stale', className: classes.number },
              { label: 'Members', className: classes.number },
              { label: 'Health', className: classes.number },
              'Mode',
            ]}
          >
            {data.map(({ project, pending }) => (
              <ProjectRow key={project.id} project={project} pending={pending} />
            ))}
          </ListTable>
        )}
      </QueryState>
      <Modal opened={creating} onClose={() => setCreating(false)} title="New project" size="lg">
        <CreateProjectForm
          existingIds={rows.map((row) => row.project.id)}
          onCancel={() => setCreating(false)}
          onDone={(result, body) => {
            setCreating(false);
            // Issue 33 §2: a created project opens, ready for its first flag.
            if (result !== 'applied')
              setNotice(`Project ${body.name} is pending: it will be created when the server is reachable.`);
            else if (body.id) navigate(projectPath(body.id));
            else setNotice(`Project ${body.name} created.`);
          }}
        />
      </Modal>
    </>
  );
}

/** One project: favourite star, name and id (queued edit), description, counts, health and mode. */
function ProjectRow({ project, pending }: Row) {
  return (
    <Table.Tr data-testid={`project-${project.id}`}>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {pending ? null : (
            <FavoriteStar
              target={{ kind: 'project', project: project.id }}
              favorite={project.favorite ?? false}
            />
          )}
          <Anchor component={Link} to={projectPath(project.id)} fw={600}>
            {project.name}
          </Anchor>
          <Text size="xs" c="dimmed" ff="monospace">
            {project.id}
          </Text>
          <PendingBadge entry={pending} />
        </Group>
        {project.description ? (
          <Text size="sm" c="dimmed" lineClamp={1}>
            {project.description}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td className={classes.number}>
        <Anchor component={Link} to={withQuery('/features', { project: project.id })} size="sm">
          {project.featureCount ?? '–'}
        </Anchor>
      </Table.Td>
      <Table.Td className={classes.number}>{project.staleFeatureCount ?? '–'}</Table.Td>
      <Table.Td className={classes.number}>{project.memberCount ?? '–'}</Table.Td>
      <Table.Td className={classes.number}>
        {project.health === undefined ? '–' : `${project.health}%`}
      </Table.Td>
      <Table.Td>{project.mode ? <Badge variant="light">{project.mode}</Badge> : '–'}</Table.Td>
    </Table.Tr>
  );
}
