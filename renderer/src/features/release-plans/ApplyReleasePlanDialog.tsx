import { Button, Group, List, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useServerData } from '../../stores/use-server-data';
import {
  createReleaseTemplatesApi,
  milestoneStrategySummary,
  sortedMilestones,
} from '../release-templates/index';

/** Picks a template from the library, previews its milestones, and applies it to the environment. */
export function ApplyReleasePlanDialog({
  opened,
  environment,
  drafting,
  busy,
  onApply,
  onClose,
}: {
  opened: boolean;
  environment: string;
  drafting: boolean;
  busy: boolean;
  onApply: (templateId: string) => void;
  onClose: () => void;
}) {
  const templates = useServerData('release-plan-templates', (api) =>
    createReleaseTemplatesApi(api.client).list(),
  );
  const [chosen, setChosen] = useState('');
  const available = templates.data ?? [];
  const template = available.find((candidate) => candidate.id === chosen) ?? available[0];

  return (
    <Modal opened={opened} onClose={onClose} title={`Apply a release plan in ${environment}`} size="lg">
      {available.length === 0 ? (
        <Text size="sm">
          {templates.loading
            ? 'Loading templates…'
            : 'No release templates yet: create one under Release templates.'}
        </Text>
      ) : (
        <Stack gap="sm">
          <NativeSelect
            label="Template"
            value={template?.id ?? ''}
            onChange={(event) => setChosen(event.currentTarget.value)}
            data={available.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
          />
          {template?.description ? <Text size="sm">{template.description}</Text> : null}
          <Text fw={600} size="sm">
            Milestones
          </Text>
          <List type="ordered" spacing={4} data-testid="template-preview">
            {template
              ? sortedMilestones(template).map((milestone) => (
                  <List.Item key={milestone.id}>
                    <Text size="sm" fw={600} span>
                      {milestone.name}
                    </Text>
                    {(milestone.strategies ?? []).length === 0 ? (
                      <Text size="sm">No strategies</Text>
                    ) : (
                      (milestone.strategies ?? []).map((strategy) => (
                        <Text size="sm" key={strategy.id}>
                          {milestoneStrategySummary(strategy)}
                        </Text>
                      ))
                    )}
                  </List.Item>
                ))
              : null}
          </List>
          <Text size="sm" c="dimmed">
            Nothing changes for users until a milestone is started: its strategies then replace the plan's
            previous ones in {environment}.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button loading={busy} disabled={!template} onClick={() => template && onApply(template.id)}>
              {drafting ? 'Add plan to draft' : 'Apply plan'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
