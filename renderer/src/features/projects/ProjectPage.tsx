import { Alert, Anchor, SimpleGrid, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { PendingChangeNotice } from '../../components/PendingChangeNotice/PendingChangeNotice';
import { QueryState } from '../../components/QueryState/QueryState';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import { Stat } from '../../components/Stat/Stat';
import { Link, navigate } from '../../router/navigation';
import { projectPath } from '../../router/paths';
import type { SubmitResult } from '../../stores/console-store';
import { useNow } from '../../stores/use-now';
import { usePendingEdits } from '../../stores/use-outbox';
import { useServerData } from '../../stores/use-server-data';
import { ArchiveScreen } from '../archive/index';
import { ChangeRequestList, ChangeRequestSettings } from '../change-requests/index';
import { ConnectSdkGuide, EmptyProjectStart } from '../connect-sdk/index';
import { ExportDialog, ImportDialog } from '../import-export/index';
import { ProjectStatusDialog } from '../insights/index';
import { ProjectActions } from '../signals/index';
import { ProjectApplications } from './ProjectApplications';
import { ProjectEnvironments } from './ProjectEnvironments';
import { ProjectFlagList } from './ProjectFlagList';
import { ProjectHeaderActions, ProjectWriteSection } from './ProjectHeaderActions';
import { ProjectLifecycleDialog } from './ProjectLifecycleDialog';
import { ProjectMembers } from './ProjectMembers';
import { ProjectSettingsForm } from './ProjectSettingsForm';
import classes from './ProjectsScreen.module.css';
import { loadProjectPage, type ProjectPageData } from './project-api';
import type { ProjectLifecycleAction } from './project-edits';

function Overview({ data }: { data: ProjectPageData }) {
  const { overview, listed, features } = data;
  const stale = listed?.staleFeatureCount ?? features.filter((feature) => feature.stale).length;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
      <Stat label="Flags" value={listed?.featureCount ?? features.length} />
      <Stat label="Health" value={`${overview.health}%`} />
      <Stat label="Potentially stale" value={listed?.potentiallyStaleFeatureCount ?? '–'} />
      <Stat label="Stale" value={stale} />
      <Stat label="Environments" value={overview.environments.length} />
      <Stat label="Members" value={overview.members} />
    </SimpleGrid>
  );
}

const PROJECT_TABS = [
  'flags',
  'overview',
  'settings',
  'environments',
  'members',
  'archive',
  'applications',
  'connect-sdk',
  'change-requests',
  'actions',
] as const;

/**
 * `/projects/:projectId[/tab]`: one project's flags (first, as in Unleash), overview, settings,
 * environments and members; the tab is in the path so a link or a reload opens it.
 */
export function ProjectPage({ projectId, tab: pathTab = null }: { projectId: string; tab?: string | null }) {
  const now = useNow();
  const page = useServerData(`project:${projectId}`, (api) => loadProjectPage(api.client, projectId));
  const pending = usePendingEdits('project')(projectId);
  const [action, setAction] = useState<ProjectLifecycleAction | null>(null);
  const [queued, setQueued] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [statusOpen, setStatusOpen] = useState(false);
  const [transfer, setTransfer] = useState<'export' | 'import' | null>(null);
  const tab = PROJECT_TABS.find((known) => known === pathTab) ?? 'flags';
  const setTab = (next: string | null) =>
    navigate(projectPath(projectId, next && next !== 'flags' ? next : undefined));
  const onSaved = (result: SubmitResult) => setQueued(result === 'queued');
  const overview = page.data?.overview;
  const archived = Boolean(overview?.archivedAt);

  return (
    <>
      <PageHeader
        title={overview?.name ?? projectId}
        description={<ProjectBreadcrumb projectId={projectId} description={overview?.description} />}
        savedAt={page.savedAt}
        fromCache={page.fromCache}
        now={now}
        actions={
          overview ? (
            <ProjectHeaderActions
              projectId={projectId}
              archived={archived}
              pending={pending}
              onStatus={() => setStatusOpen(true)}
              onTransfer={setTransfer}
              onAction={setAction}
            />
          ) : null
        }
      />
      {archived ? (
        <Alert color="gray" variant="light" mb="md">
          This project was archived <RelativeTime value={overview!.archivedAt} />.
        </Alert>
      ) : null}
      {notice ? (
        <Alert color="teal" variant="light" withCloseButton onClose={() => setNotice(null)} mb="md">
          {notice}
        </Alert>
      ) : null}
      {queued ? <PendingChangeNotice onClose={() => setQueued(false)} /> : null}
      <QueryState query={page} noun="the project">
        {(data) => (
          <>
            <ProjectTabs {...{ data, projectId, tab, setTab, onSaved }} />
            <ProjectDialogs
              {...{ data, projectId, statusOpen, setStatusOpen, transfer, setTransfer, action, setAction }}
              onQueued={() => setQueued(true)}
              onNotice={setNotice}
            />
          </>
        )}
      </QueryState>
    </>
  );
}

/** Back to the projects, the project's id and its description. */
function ProjectBreadcrumb({ projectId, description }: { projectId: string; description?: string | null }) {
  return (
    <>
      <Anchor component={Link} to="/projects" size="sm">
        Projects
      </Anchor>{' '}
      / <span className={classes.id}>{projectId}</span>
      {description ? ` · ${description}` : ''}
    </>
  );
}

/** The tabs' names, in Unleash's order (the flags first). */
function ProjectTabList() {
  return (
    <Tabs.List mb="md">
      <Tabs.Tab value="flags">Flags</Tabs.Tab>
      <Tabs.Tab value="overview">Overview</Tabs.Tab>
      <Tabs.Tab value="settings">Settings</Tabs.Tab>
      <Tabs.Tab value="environments">Environments</Tabs.Tab>
      <Tabs.Tab value="members">Members</Tabs.Tab>
      <Tabs.Tab value="archive">Archive</Tabs.Tab>
      <Tabs.Tab value="applications">Applications</Tabs.Tab>
      <Tabs.Tab value="actions">Actions</Tabs.Tab>
      <Tabs.Tab value="connect-sdk">Connect an SDK</Tabs.Tab>
      <Tabs.Tab value="change-requests">Change requests</Tabs.Tab>
    </Tabs.List>
  );
}

/** The project's tabs: flags, overview, settings, environments, members and the rest. */
function ProjectTabs({
  data,
  projectId,
  tab,
  setTab,
  onSaved,
}: {
  data: ProjectPageData;
  projectId: string;
  tab: string;
  setTab: (next: string | null) => void;
  onSaved: (result: SubmitResult) => void;
}) {
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <ProjectTabList />
      <Tabs.Panel value="overview">
        <Overview data={data} />
        <Text size="sm" c="dimmed" mt="md">
          Mode {data.overview.mode} · default stickiness {data.overview.defaultStickiness} · flag limit{' '}
          {data.overview.featureLimit ?? 'none'}
        </Text>
      </Tabs.Panel>
      <Tabs.Panel value="flags">
        {data.features.length === 0 ? (
          <EmptyProjectStart projectId={projectId} />
        ) : (
          <ProjectFlagList
            projectId={projectId}
            environments={data.overview.environments.map((entry) => entry.environment)}
          />
        )}
      </Tabs.Panel>
      <Tabs.Panel value="settings">
        <ProjectWriteSection projectId={projectId}>
          <ProjectSettingsForm
            projectId={projectId}
            overview={data.overview}
            stickinessOptions={data.stickinessOptions}
            onSaved={onSaved}
          />
          <ChangeRequestSettings projectId={projectId} />
        </ProjectWriteSection>
      </Tabs.Panel>
      <Tabs.Panel value="environments">
        <ProjectWriteSection projectId={projectId}>
          <ProjectEnvironments
            projectId={projectId}
            overview={data.overview}
            environments={data.environments}
            onSaved={onSaved}
          />
        </ProjectWriteSection>
      </Tabs.Panel>
      <Tabs.Panel value="members">
        <ProjectWriteSection projectId={projectId} permission="PROJECT_USER_ACCESS_WRITE">
          <ProjectMembers projectId={projectId} onSaved={onSaved} />
        </ProjectWriteSection>
      </Tabs.Panel>
      <Tabs.Panel value="archive">
        <ArchiveScreen project={projectId} />
      </Tabs.Panel>
      <Tabs.Panel value="applications">
        <ProjectApplications projectId={projectId} />
      </Tabs.Panel>
      <Tabs.Panel value="change-requests">
        <ChangeRequestList project={projectId} />
      </Tabs.Panel>
      <Tabs.Panel value="actions">
        <ProjectActions projectId={projectId} />
      </Tabs.Panel>
      <Tabs.Panel value="connect-sdk">
        <ConnectSdkGuide project={projectId} onClose={() => setTab('flags')} />
      </Tabs.Panel>
    </Tabs>
  );
}

/** The status, export, import and lifecycle (archive, revive, delete) dialogs the header opens. */
function ProjectDialogs({
  data,
  projectId,
  statusOpen,
  setStatusOpen,
  transfer,
  setTransfer,
  action,
  setAction,
  onQueued,
  onNotice,
}: {
  data: ProjectPageData;
  projectId: string;
  statusOpen: boolean;
  setStatusOpen: (open: boolean) => void;
  transfer: 'export' | 'import' | null;
  setTransfer: (transfer: 'export' | 'import' | null) => void;
  action: ProjectLifecycleAction | null;
  setAction: (action: ProjectLifecycleAction | null) => void;
  onQueued: () => void;
  onNotice: (notice: string) => void;
}) {
  return (
    <>
      <ProjectStatusDialog projectId={projectId} opened={statusOpen} onClose={() => setStatusOpen(false)} />
      {transfer === 'export' ? (
        <ExportDialog
          projectId={projectId}
          flagNames={data.features.map((feature) => feature.name)}
          environments={data.overview.environments.map((entry) => entry.environment)}
          opened
          onClose={() => setTransfer(null)}
        />
      ) : null}
      {transfer === 'import' ? (
        <ImportDialog defaultProject={projectId} opened onClose={() => setTransfer(null)} />
      ) : null}
      <ProjectLifecycleDialog
        projectId={projectId}
        overview={data.overview}
        action={action}
        onClose={(result) => {
          const done = action;
          setAction(null);
          if (result === null) return;
          if (result === 'queued') {
            onQueued();
            return;
          }
          if (done === 'delete') navigate('/projects');
          else onNotice(done === 'archive' ? 'The project is archived.' : 'The project is revived.');
        }}
      />
    </>
  );
}
