import { Button, Group, NumberInput, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { FeatureType } from '../../api/types';
import { fieldErrorsOf } from '../../components/ErrorNotice/field-errors';
import { useServerDraft } from '../../components/FormActions/use-server-draft';
import { ListTable } from '../../components/ListTable/ListTable';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { PendingBadge } from '../../components/PendingBadge/PendingBadge';
import { PendingChangeNotice } from '../../components/PendingChangeNotice/PendingChangeNotice';
import { QueryState } from '../../components/QueryState/QueryState';
import { featureTypeLifetimeEdit } from '../../stores/editable-resources';
import { useEditMutation } from '../../stores/use-mutations';
import { useNow } from '../../stores/use-now';
import { usePendingEdits } from '../../stores/use-outbox';
import { useServerData } from '../../stores/use-server-data';
import classes from './FeatureTypesScreen.module.css';

function LifetimeEditor({
  type,
  onSaved,
}: {
  type: FeatureType;
  onSaved: (result: 'applied' | 'queued') => void;
}) {
  const { mutateAsync: submitEdit } = useEditMutation();
  // Follows the server's lifetime (a saved copy shown first, then the refetch) until edited here.
  const { draft, change } = useServerDraft<{ value: number | string }>({ value: type.lifetimeDays ?? '' });
  const { value } = draft;
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const days = value === '' ? null : Number(value);
  const current = type.lifetimeDays ? type.lifetimeDays : null;
  const changed = (days ? days : null) !== current;
  const invalid = days !== null && (!Number.isInteger(days) || days < 0);

  async function save() {
    setSaving(true);
    setError(null);
    try {
      onSaved(await submitEdit(featureTypeLifetimeEdit(type, days)));
    } catch (caught) {
      setError(caught);
    } finally {
      setSaving(false);
    }
  }

  const serverError = fieldErrorsOf(error).lifetimeDays;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <NumberInput
        aria-label={`Lifetime of ${type.name} in days`}
        placeholder="never"
        suffix=" days"
        min={0}
        allowDecimal={false}
        value={value}
        onChange={(next) => change({ value: next })}
        error={
          invalid
            ? 'Whole days, 0 or more'
            : (serverError ?? (error && !serverError ? (error as Error).message : undefined))
        }
        className={classes.input}
      />
      <Button variant="light" disabled={!changed || invalid} loading={saving} onClick={save}>
        Save
      </Button>
    </Group>
  );
}

/** Feature types and their expected lifetime, after which a flag of that type is potentially stale. */
export function FeatureTypesScreen() {
  const now = useNow();
  const types = useServerData('feature-types', (api) => api.listFeatureTypes());
  const pending = usePendingEdits('feature-type');
  const [queued, setQueued] = useState(false);

  return (
    <>
      <PageHeader
        title="Feature types"
        description="A flag's type says what it is for and how long it is expected to live. Empty or 0 days: never potentially stale."
        savedAt={types.savedAt}
        fromCache={types.fromCache}
        now={now}
      />
      {queued ? <PendingChangeNotice onClose={() => setQueued(false)} /> : null}
      <QueryState query={types} noun="feature types" isEmpty={(data) => data.types.length === 0}>
        {(data) => (
          <ListTable minWidth={640} columns={['Type', 'Expected lifetime']}>
            {data.types.map((serverType) => {
              const entry = pending(serverType.id);
              const mine = entry?.mine as { lifetimeDays?: number | null } | undefined;
              const type =
                mine && 'lifetimeDays' in mine
                  ? { ...serverType, lifetimeDays: mine.lifetimeDays ?? null }
                  : serverType;
              return (
                <Table.Tr key={type.id} data-testid={`feature-type-${type.id}`}>
                  <Table.Td>
                    <Group gap="xs">
                      <Text fw={600}>{type.name}</Text>
                      <PendingBadge entry={entry} />
                    </Group>
                    <Text size="sm" c="dimmed">
                      {type.description}
                    </Text>
                  </Table.Td>
                  <Table.Td className={classes.lifetime}>
                    <LifetimeEditor
                      key={type.id}
                      type={type}
                      onSaved={(result) => setQueued(result === 'queued')}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </ListTable>
        )}
      </QueryState>
    </>
  );
}
