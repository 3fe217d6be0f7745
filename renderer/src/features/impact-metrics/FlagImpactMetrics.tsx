import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { FlagRef } from '../../api/flag-api';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { Guarded } from '../../components/Guarded/Guarded';
import { QueryState } from '../../components/QueryState/QueryState';
import { usePermissionReason } from '../../stores/permissions';
import { useServerWrite } from '../../stores/use-mutations';
import { useServerData } from '../../stores/use-server-data';
import { ImpactMetricChart } from './ImpactMetricChart';
import { ImpactMetricForm } from './ImpactMetricForm';
import {
  createImpactMetricsApi,
  describeConfig,
  flagImpactKey,
  flagImpactPath,
  type ImpactMetricsConfig,
} from './impact-metrics-api';

/** One chart: its title, what it measures, its line, and removing it. */
function ConfigCard({
  flag,
  config,
  reason,
  onRemove,
}: {
  flag: FlagRef;
  config: ImpactMetricsConfig;
  reason: string | null;
  onRemove: () => void;
}) {
  return (
    <Card withBorder padding="sm" data-testid={`impact-config-${config.id}`}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Title order={3} size="h6">
              {config.displayName}
            </Title>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {describeConfig(config)}
            </Text>
          </div>
          <Guarded reason={reason}>
            {/* A short visible label keeps the header on one line at 360 px; the name says which chart. */}
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={onRemove}
              aria-label={`Remove chart ${config.displayName}`}
              style={{ flexShrink: 0 }}
            >
              Remove
            </Button>
          </Guarded>
        </Group>
        <ImpactMetricChart flag={flag} config={config} />
      </Stack>
    </Card>
  );
}

/**
 * The flag's impact metrics (issue 35 §1): the charts of what its applications' SDKs measure
 * (Unleash's flag impact-metrics config), each a line over its period, with adding and removing
 * them for those who may change the flag (UPDATE_FEATURE in its project).
 */
export function FlagImpactMetrics({ flag }: { flag: FlagRef }) {
  const configs = useServerData(flagImpactKey(flag), (api, signal) =>
    createImpactMetricsApi(api.client).list(flag, signal),
  );
  const reason = usePermissionReason('UPDATE_FEATURE', { project: flag.project });
  const write = useServerWrite({ kind: 'flag-impact-metric', path: flagImpactPath(flag) });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<ImpactMetricsConfig | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <Stack gap="sm" data-testid="flag-impact-metrics">
      {notice ? (
        <Text size="sm" c="teal" role="status">
          {notice}
        </Text>
      ) : null}
      <QueryState query={configs} noun="impact metrics">
        {(data) =>
          data.configs.length === 0 ? (
            <Text size="sm" c="dimmed">
              No impact metric is charted for this flag. Add one your applications' SDKs report, to see how
              the flag affects it.
            </Text>
          ) : (
            <Stack gap="sm">
              {data.configs.map((config) => (
                <ConfigCard
                  key={config.id}
                  flag={flag}
                  config={config}
                  reason={reason}
                  onRemove={() => setRemoving(config)}
                />
              ))}
            </Stack>
          )
        }
      </QueryState>
      {adding ? (
        <ImpactMetricForm
          flagName={flag.name}
          onCancel={() => setAdding(false)}
          onSave={async (config) => {
            setNotice(null);
            await write((api) => createImpactMetricsApi(api.client).save(flag, config));
            setAdding(false);
            setNotice('Chart added.');
          }}
        />
      ) : (
        <Group>
          <Guarded reason={reason}>
            <Button size="compact-sm" variant="light" onClick={() => setAdding(true)}>
              Add impact metric chart
            </Button>
          </Guarded>
        </Group>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={`Remove the chart ${removing?.displayName ?? ''}?`}
        confirmLabel="Remove chart"
        cancelLabel="Keep it"
        failure="The chart was not removed"
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          setNotice(null);
          await write((api) => createImpactMetricsApi(api.client).remove(flag, removing.id));
          setNotice('Chart removed.');
        }}
      >
        The metric's data stays; only this chart leaves the flag page.
      </ConfirmDialog>
    </Stack>
  );
}
