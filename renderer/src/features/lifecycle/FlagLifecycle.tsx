import { Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { OnlineOnlyButton } from '../../components/OnlineOnlyButton/OnlineOnlyButton';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import { useConsole } from '../../stores/console-context';
import { useServerData } from '../../stores/use-server-data';
import { LifecycleBadge } from './LifecycleBadge';
import { currentStage, type FeatureLifecycle } from './lifecycle-stages';

interface FlagRef {
  project: string;
  name: string;
}

const lifecyclePath = ({ project, name }: FlagRef) =>
  `/api/admin/projects/${encodeURIComponent(project)}/features/${encodeURIComponent(name)}/lifecycle`;

/** "Mark completed": kept (with the variant or value kept) or discarded (with the reason). */
function CompleteFlagDialog({
  flag,
  opened,
  onClose,
  onDone,
}: {
  flag: FlagRef;
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const consoleApi = useConsole();
  const [status, setStatus] = useState<'kept' | 'discarded'>('kept');
  const [value, setValue] = useState('');
  async function complete() {
    const statusValue = value.trim();
    await consoleApi.api().client.post<unknown>(`${lifecyclePath(flag)}/complete`, {
      status,
      ...(statusValue ? { statusValue } : {}),
    });
    setValue('');
    onDone();
  }
  return (
    <ConfirmDialog
      opened={opened}
      title={`Mark ${flag.name} completed`}
      confirmLabel="Mark completed"
      failure="The flag was not marked completed"
      onConfirm={complete}
      onClose={onClose}
    >
      <Stack gap="sm">
        <Text size="sm">The work behind this flag is done. What happened to its code?</Text>
        <Radio.Group
          label="Outcome"
          value={status}
          onChange={(next) => setStatus(next === 'discarded' ? 'discarded' : 'kept')}
        >
          <Group mt="xs">
            <Radio value="kept" label="Kept the feature" />
            <Radio value="discarded" label="Discarded the feature" />
          </Group>
        </Radio.Group>
        <TextInput
          label={status === 'kept' ? 'Variant or value kept' : 'Reason'}
          description="optional"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
      </Stack>
    </ConfirmDialog>
  );
}

/** The flag page's lifecycle: the current stage, when it was entered, complete / uncomplete. */
export function FlagLifecycle({ flag }: { flag: FlagRef }) {
  const consoleApi = useConsole();
  const [completing, setCompleting] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const stages = useServerData<FeatureLifecycle>(
    `flag-lifecycle:${flag.project}:${flag.name}`,
    (api, signal) => api.client.get<FeatureLifecycle>(lifecyclePath(flag), undefined, signal),
  );
  const current = stages.data ? currentStage(stages.data) : undefined;
  if (!current) return null;

  async function uncomplete() {
    setFailed(null);
    try {
      await consoleApi.api().client.post<unknown>(`${lifecyclePath(flag)}/uncomplete`);
      consoleApi.refresh();
    } catch {
      setFailed('The flag was not reopened; try again.');
    }
  }

  return (
    <Group gap="sm" data-testid="flag-lifecycle">
      <Text size="sm" component="span">
        Lifecycle
      </Text>
      <LifecycleBadge stage={current.stage} status={current.status} />
      <Text size="sm" c="dimmed" component="span">
        since <RelativeTime value={current.enteredStageAt} />
      </Text>
      {current.stage === 'completed' ? (
        <OnlineOnlyButton size="xs" variant="default" reason="Reopening" onClick={() => void uncomplete()}>
          Reopen (uncomplete)
        </OnlineOnlyButton>
      ) : current.stage !== 'archived' ? (
        // Disabled offline and in maintenance mode (issue 33 §2), with the reason on hover.
        <OnlineOnlyButton size="xs" variant="light" reason="Completing" onClick={() => setCompleting(true)}>
          Mark completed
        </OnlineOnlyButton>
      ) : null}
      {failed ? (
        <Text size="sm" c="red" role="alert">
          {failed}
        </Text>
      ) : null}
      <CompleteFlagDialog
        flag={flag}
        opened={completing}
        onClose={() => setCompleting(false)}
        onDone={() => consoleApi.refresh()}
      />
    </Group>
  );
}
