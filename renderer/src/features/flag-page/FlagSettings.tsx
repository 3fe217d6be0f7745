import { Button, Card, Group, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { Feature, FlagRef } from '../../api/flag-api';
import { EditLock } from '../../components/EditLock/EditLock';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { PendingBadge } from '../../components/PendingBadge/PendingBadge';
import { PendingChangeNotice } from '../../components/PendingChangeNotice/PendingChangeNotice';
import { usePendingEdits } from '../../stores/use-outbox';
import { descriptionEdit, flagTarget, impressionDataEdit, staleEdit } from './flag-edits';
import { useFlagEdit } from './use-flag-edit';

/** The value a queued edit sets for a field, or the server's while none is queued. */
function pendingValue<T>(entry: { mine: unknown } | undefined, field: string, fallback: T): T {
  const mine = entry?.mine as Record<string, unknown> | null | undefined;
  return mine && field in mine ? (mine[field] as T) : fallback;
}

/** Description, impression data and stale, each edited on its own. */
export function FlagSettings({ flag, feature }: { flag: FlagRef; feature: Feature }) {
  const target = flagTarget(flag);
  const pendingDescription = usePendingEdits('flag-description')(target);
  const pendingImpression = usePendingEdits('flag-impression-data')(target);
  const pendingStale = usePendingEdits('flag-stale')(target);
  const description = pendingValue<string | null>(pendingDescription, 'description', feature.description);
  const impressionData = pendingValue(pendingImpression, 'impressionData', feature.impressionData);
  const stale = pendingValue(pendingStale, 'stale', feature.stale);
  const edit = useFlagEdit();
  const [draft, setDraft] = useState<string | null>(null);

  async function saveDescription() {
    if (draft === null) return;
    if (await edit.submit(descriptionEdit(flag, description, draft))) setDraft(null);
  }

  return (
    <Card withBorder padding="md">
      <EditLock>
        {edit.error ? <ErrorNotice error={edit.error} title="The flag was not changed" /> : null}
        {edit.queued ? <PendingChangeNotice onClose={edit.clearQueued} /> : null}
        {draft === null ? (
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Text size="sm" c={description ? undefined : 'dimmed'} data-testid="flag-description">
              {description || 'No description.'}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <PendingBadge entry={pendingDescription} />
              <Button size="xs" variant="subtle" onClick={() => setDraft(description ?? '')}>
                Edit description
              </Button>
            </Group>
          </Group>
        ) : (
          <Stack gap="xs">
            <Textarea
              label="Description"
              rows={2}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              data-autofocus
            />
            <Group gap="xs" justify="flex-end">
              <Button size="xs" variant="default" onClick={() => setDraft(null)}>
                Cancel
              </Button>
              <Button size="xs" onClick={() => void saveDescription()} loading={edit.busy}>
                Save description
              </Button>
            </Group>
          </Stack>
        )}
        <Group gap="xl" mt="md">
          <Group gap="xs">
            <Switch
              label="Impression data"
              description="SDKs emit an impression event each time they evaluate the flag"
              checked={impressionData}
              disabled={edit.busy}
              onChange={(event) => void edit.submit(impressionDataEdit(flag, event.currentTarget.checked))}
            />
            <PendingBadge entry={pendingImpression} />
          </Group>
          <Group gap="xs">
            <Switch
              label="Stale"
              description="Marks the flag for clean-up; it keeps working"
              checked={stale}
              disabled={edit.busy}
              onChange={(event) => void edit.submit(staleEdit(flag, event.currentTarget.checked))}
            />
            <PendingBadge entry={pendingStale} />
          </Group>
        </Group>
      </EditLock>
    </Card>
  );
}
