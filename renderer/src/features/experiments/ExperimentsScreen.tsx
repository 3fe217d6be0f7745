import { Anchor, Button, Card, Group, Modal, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ListTable } from '../../components/ListTable/ListTable';
import { OnlineOnlyButton } from '../../components/OnlineOnlyButton/OnlineOnlyButton';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { Link } from '../../router/navigation';
import { flagPath } from '../../router/paths';
import { usePermission } from '../../stores/permissions';
import { useServerWrite } from '../../stores/use-mutations';
import { useServerData } from '../../stores/use-server-data';
import { ChangeRequestRouting } from '../change-requests/index';
import { ExperimentActions } from './ExperimentActions';
import { ExperimentForm } from './ExperimentForm';
import { ExperimentReadout } from './ExperimentReadout';
import { ExperimentFacts, ExperimentStatusBadge } from './ExperimentSummary';
import {
  ALL_EXPERIMENTS_PATH,
  createExperimentsApi,
  type Experiment,
  primaryMetric,
} from './experiments-api';

const STATUSES = [
  { value: '', label: 'Any status' },
  { value: 'draft', label: 'Draft' },
  { value: 'running', label: 'Running' },
  { value: 'stopped', label: 'Stopped' },
];

/** The list: name, flag (a link to its page), environment, status, primary metric, and "Results". */
function ExperimentTable({
  experiments,
  selectedId,
  onSelect,
}: {
  experiments: readonly Experiment[];
  selectedId: number | null;
  onSelect: (experiment: Experiment) => void;
}) {
  return (
    <ListTable minWidth={640} columns={['Experiment', 'Flag', 'Environment', 'Status', 'Primary metric', '']}>
      {experiments.map((experiment) => (
        <Table.Tr key={experiment.id} data-testid={`experiment-row-${experiment.id}`}>
          <Table.Td>{experiment.name}</Table.Td>
          <Table.Td>
            <Anchor
              component={Link}
              to={flagPath({ project: experiment.project, name: experiment.featureName })}
            >
              {experiment.featureName}
            </Anchor>
          </Table.Td>
          <Table.Td>{experiment.environment}</Table.Td>
          <Table.Td>
            <ExperimentStatusBadge experiment={experiment} />
          </Table.Td>
          <Table.Td>{primaryMetric(experiment)}</Table.Td>
          <Table.Td>
            <Button
              size="compact-sm"
              variant={selectedId === experiment.id ? 'filled' : 'subtle'}
              aria-pressed={selectedId === experiment.id}
              aria-label={`Open ${experiment.name}`}
              onClick={() => onSelect(experiment)}
            >
              Open
            </Button>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

/** The experiment opened from the list: its facts, actions and readout. */
function ExperimentDetails({ experiment }: { experiment: Experiment }) {
  return (
    <Card withBorder padding="md" data-testid="experiment-details">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} size="h4">
            {experiment.name}
          </Title>
          <ExperimentStatusBadge experiment={experiment} />
        </Group>
        <ExperimentFacts experiment={experiment} />
        <ChangeRequestRouting project={experiment.project} environment={experiment.environment}>
          <ExperimentActions experiment={experiment} />
        </ChangeRequestRouting>
        {experiment.status === 'draft' ? (
          <Text size="sm" c="dimmed">
            Start it to collect exposures and events; its results show here.
          </Text>
        ) : (
          <ExperimentReadout experiment={experiment} />
        )}
      </Stack>
    </Card>
  );
}

/** Which experiments the list shows: of one status, of one project. */
function ExperimentFilters({
  status,
  project,
  onStatus,
  onProject,
}: {
  status: string;
  project: string | null;
  onStatus: (status: string) => void;
  onProject: (project: string | null) => void;
}) {
  const projects = useServerData('projects', (api) => api.listProjects());
  return (
    <Group gap="sm" mb="md" align="flex-end">
      <Select
        label="Status"
        data={STATUSES}
        value={status}
        allowDeselect={false}
        onChange={(value) => onStatus(value ?? '')}
      />
      <Select
        label="Project"
        placeholder="Any project"
        clearable
        data={(projects.data?.projects ?? []).map((p) => ({ value: p.id, label: p.name }))}
        value={project}
        onChange={onProject}
      />
    </Group>
  );
}

/**
 * The Experiments screen (issue 35 §3): every experiment the user may see, filtered by status and
 * project, a form for a new one, and the opened experiment's actions and readout.
 */
export function ExperimentsScreen() {
  const [status, setStatus] = useState('');
  const [project, setProject] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const filter = { status, project: project ?? '' };
  const experiments = useServerData(`${ALL_EXPERIMENTS_PATH}?${JSON.stringify(filter)}`, (api, signal) =>
    createExperimentsApi(api.client).listAll(filter, signal),
  );
  const write = useServerWrite({ kind: 'experiment' });
  const mayCreate = usePermission('UPDATE_FEATURE', { anyProject: true });

  return (
    <>
      <PageHeader
        title="Experiments"
        description="A/B tests on flag variants: which variant wins on your metrics, measured from tracked events."
        savedAt={experiments.savedAt}
        fromCache={experiments.fromCache}
        actions={
          mayCreate === false ? null : (
            <OnlineOnlyButton reason="The server creates experiments" onClick={() => setCreating(true)}>
              New experiment
            </OnlineOnlyButton>
          )
        }
      />
      <ExperimentFilters status={status} project={project} onStatus={setStatus} onProject={setProject} />
      <QueryState
        query={experiments}
        noun="experiments"
        isEmpty={(data) => data.experiments.length === 0}
        empty="No experiments yet. Create one on a flag with two or more variants."
      >
        {(data) => {
          const selected = data.experiments.find((experiment) => experiment.id === selectedId);
          return (
            <Stack gap="lg">
              <ExperimentTable
                experiments={data.experiments}
                selectedId={selectedId}
                onSelect={(experiment) =>
                  setSelectedId((id) => (id === experiment.id ? null : experiment.id))
                }
              />
              {selected ? <ExperimentDetails experiment={selected} /> : null}
            </Stack>
          );
        }}
      </QueryState>
      <Modal opened={creating} onClose={() => setCreating(false)} title="New experiment">
        <ExperimentForm
          onCancel={() => setCreating(false)}
          onSubmit={async (flag, body) => {
            const created = await write((api) => createExperimentsApi(api.client).create(flag, body));
            setCreating(false);
            setSelectedId(created.id);
          }}
        />
      </Modal>
    </>
  );
}
