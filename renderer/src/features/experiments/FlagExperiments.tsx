import { Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Guarded } from '../../components/Guarded/Guarded';
import { QueryState } from '../../components/QueryState/QueryState';
import { usePermissionReason } from '../../stores/permissions';
import { useServerWrite } from '../../stores/use-mutations';
import { useServerData } from '../../stores/use-server-data';
import { ChangeRequestRouting } from '../change-requests/index';
import { ExperimentActions } from './ExperimentActions';
import { ExperimentForm } from './ExperimentForm';
import { ExperimentReadout } from './ExperimentReadout';
import { ExperimentFacts, ExperimentStatusBadge } from './ExperimentSummary';
import {
  createExperimentsApi,
  type Experiment,
  type ExperimentFlag,
  flagExperimentsPath,
} from './experiments-api';

/** One experiment of the flag: what it is, its actions, and its readout on demand. */
function ExperimentCard({ experiment }: { experiment: Experiment }) {
  const [open, setOpen] = useState(experiment.status !== 'draft');
  return (
    <Card withBorder padding="sm" data-testid={`experiment-${experiment.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Text fw={700}>{experiment.name}</Text>
            <ExperimentStatusBadge experiment={experiment} />
          </Group>
          {experiment.status !== 'draft' ? (
            <Button
              size="compact-sm"
              variant="subtle"
              aria-expanded={open}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? 'Hide results' : 'Show results'}
            </Button>
          ) : null}
        </Group>
        <ExperimentFacts experiment={experiment} />
        <ChangeRequestRouting project={experiment.project} environment={experiment.environment}>
          <ExperimentActions experiment={experiment} />
        </ChangeRequestRouting>
        {open && experiment.status !== 'draft' ? <ExperimentReadout experiment={experiment} /> : null}
      </Stack>
    </Card>
  );
}

/**
 * The flag page's Experiments section (issue 35 §3): the flag's experiments, newest first, each with
 * Start, Stop or Decide and its readout, and a form for a new one.
 */
export function FlagExperiments({ flag }: { flag: ExperimentFlag }) {
  const experiments = useServerData(flagExperimentsPath(flag), (api, signal) =>
    createExperimentsApi(api.client).listOfFlag(flag, signal),
  );
  const write = useServerWrite({ kind: 'experiment', path: flagExperimentsPath(flag) });
  const denied = usePermissionReason('UPDATE_FEATURE', { project: flag.project });
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="sm" data-testid="flag-experiments">
      <QueryState
        query={experiments}
        noun="experiments"
        isEmpty={(data) => data.experiments.length === 0}
        empty="No experiments on this flag yet."
      >
        {(data) => (
          <Stack gap="sm">
            {data.experiments.map((experiment) => (
              <ExperimentCard key={experiment.id} experiment={experiment} />
            ))}
          </Stack>
        )}
      </QueryState>
      <Group>
        <Guarded reason={denied}>
          <Button variant="light" onClick={() => setCreating(true)}>
            New experiment
          </Button>
        </Guarded>
      </Group>
      <Modal opened={creating} onClose={() => setCreating(false)} title={`New experiment on ${flag.name}`}>
        <ExperimentForm
          flag={flag}
          onCancel={() => setCreating(false)}
          onSubmit={async (target, body) => {
            await write((api) => createExperimentsApi(api.client).create(target, body));
            setCreating(false);
          }}
        />
      </Modal>
    </Stack>
  );
}
