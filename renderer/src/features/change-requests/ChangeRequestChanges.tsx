import { Alert, Anchor, Button, Card, Group, Modal, Stack, Switch, Text, Title } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { createFlagPageApi, type Feature } from '../../api/flag-api';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { PendingChangeNotice } from '../../components/PendingChangeNotice/PendingChangeNotice';
import { Link } from '../../router/navigation';
import { flagPath } from '../../router/paths';
import { ConsoleProvider, useConsole } from '../../stores/console-context';
import type { Console, SubmitResult } from '../../stores/console-store';
import { useServerData } from '../../stores/use-server-data';
import { createStrategiesApi, type FeatureStrategy, StrategyForm } from '../strategies/index';
import { ChangeDiff } from './ChangeDiff';
import { changeTitle, type Names } from './change-descriptions';
import { changeOfEdit, editChangeEdit } from './change-request-edits';
import type { ChangeRequest, ChangeRequestChange, ChangeRequestFeature } from './change-request-types';
import { useReviewStep } from './use-change-requests';

/** Strategy display names and segment names, for every change of a request. */
export function useNames(): Names {
  const definitions = useServerData('strategy-definitions', (api) =>
    createStrategiesApi(api.client).listDefinitions(),
  );
  const segments = useServerData('segments', async (api) => (await api.listSegments()).segments ?? []);
  return useMemo(
    () => ({ definitions: definitions.data?.strategies ?? [], segments: segments.data ?? [] }),
    [definitions.data, segments.data],
  );
}

/** Changes can be edited or discarded until the request is applied, cancelled or rejected. */
const EDITABLE_STATES = new Set(['Draft', 'In review', 'Approved']);

type Editing = { change: ChangeRequestChange; strategy: FeatureStrategy | null } | null;

function withoutId(payload: unknown): unknown {
  if (payload === null || typeof payload !== 'object') return payload;
  const { id: _id, ...rest } = payload as Record<string, unknown>;
  return rest;
}

/**
 * Editing a change reuses the flag page's own forms: a console whose sendOrQueue turns the form's
 * direct edit into `PUT …/changes/{changeId}`, queued in the outbox like any draft change.
 */
function useEditChangeConsole(request: ChangeRequest, editing: Editing): Console {
  const consoleApi = useConsole();
  return useMemo(
    () => ({
      ...consoleApi,
      sendOrQueue: (draft) => {
        const found = changeOfEdit(draft);
        if (!found || !editing) return consoleApi.sendOrQueue(draft);
        // The form edits the strategy a change adds as if it existed: it stays an addition.
        const change =
          editing.change.action === 'addStrategy'
            ? { ...found.change, action: 'addStrategy', payload: withoutId(found.change.payload) }
            : found.change;
        return consoleApi.sendOrQueue(
          editChangeEdit(
            request,
            editing.change.id,
            change,
            `Edit a change of change request #${request.id}`,
          ),
        );
      },
    }),
    [consoleApi, request, editing],
  );
}

function ChangeCard({
  request,
  feature,
  change,
  flag,
  names,
  onEdit,
  actions,
}: {
  request: ChangeRequest;
  feature: ChangeRequestFeature;
  change: ChangeRequestChange;
  flag: Feature | undefined;
  names: Names;
  onEdit: (editing: NonNullable<Editing>) => void;
  actions: ReactNode;
}) {
  const environment = flag?.environments?.find((candidate) => candidate.name === request.environment);
  const payload = (change.payload ?? {}) as { id?: string; enabled?: boolean };
  const strategy = environment?.strategies?.find((candidate) => candidate.id === payload.id);
  const editable =
    EDITABLE_STATES.has(request.state) &&
    ['updateStrategy', 'addStrategy', 'updateEnabled'].includes(change.action);
  return (
    <Card withBorder padding="sm" data-testid={`change-${change.id}`}>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{changeTitle(change, names, strategy)}</Text>
        {EDITABLE_STATES.has(request.state) ? (
          <Group gap="xs">
            {editable ? (
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => onEdit({ change, strategy: strategy ?? null })}
              >
                Edit change
              </Button>
            ) : null}
            {actions}
          </Group>
        ) : null}
      </Group>
      {change.conflict ? (
        <Alert color="red" variant="light" mb="xs" title="Conflict" data-testid="change-conflict">
          {change.conflict} Edit or discard this change before applying.
        </Alert>
      ) : null}
      <ChangeDiff
        change={change}
        environment={environment}
        names={names}
        applied={request.state === 'Applied'}
      />
      {feature.name && !flag ? (
        <Text size="xs" c="dimmed" mt="xs">
          The flag's current state could not be read, so only the change is shown.
        </Text>
      ) : null}
    </Card>
  );
}

function FeatureChanges({
  request,
  feature,
  names,
  onEdit,
}: {
  request: ChangeRequest;
  feature: ChangeRequestFeature;
  names: Names;
  onEdit: (editing: NonNullable<Editing>) => void;
}) {
  const flagRef = { project: request.project, name: feature.name };
  const flag = useServerData(`flag:${request.project}/${feature.name}`, (api, signal) =>
    createFlagPageApi(api.client).getFlag(flagRef, signal),
  );
  const discard = useReviewStep();
  return (
    <Stack gap="xs" data-testid={`feature-changes-${feature.name}`}>
      <Title order={4} size="h5">
        <Anchor component={Link} to={flagPath(flagRef)}>
          {feature.name}
        </Anchor>
      </Title>
      {feature.conflict ? (
        <Alert color="red" variant="light" title="Conflict">
          {feature.conflict}
        </Alert>
      ) : null}
      {discard.error ? <ErrorNotice error={discard.error} title="The change was not discarded" /> : null}
      {feature.changes.map((change) => (
        <ChangeCard
          key={change.id}
          request={request}
          feature={feature}
          change={change}
          flag={flag.data}
          names={names}
          onEdit={onEdit}
          actions={
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              disabled={discard.offline}
              loading={discard.busy}
              onClick={() =>
                void discard.run((api) => api.discardChange(request.project, request.id, change.id))
              }
            >
              Discard change
            </Button>
          }
        />
      ))}
    </Stack>
  );
}

function EnabledChangeForm({ initial, onSave }: { initial: boolean; onSave: (enabled: boolean) => void }) {
  const [enabled, setEnabled] = useState(initial);
  return (
    <Stack>
      <Switch
        label="Turn the flag on"
        checked={enabled}
        onChange={(event) => setEnabled(event.currentTarget.checked)}
      />
      <Group justify="flex-end">
        <Button onClick={() => onSave(enabled)}>Save change</Button>
      </Group>
    </Stack>
  );
}

/** The flag a change belongs to ('' when none of the request's flags holds it). */
function featureOf(request: ChangeRequest, change: ChangeRequestChange) {
  return (
    request.features.find((feature) => feature.changes.some((candidate) => candidate.id === change.id))
      ?.name ?? ''
  );
}

/** The strategy the form edits: the change's payload over the strategy it updates (none for on/off). */
function editedStrategyOf(editing: Editing): FeatureStrategy | null {
  if (!editing || editing.change.action === 'updateEnabled') return null;
  const payload = (editing.change.payload ?? {}) as Record<string, unknown>;
  return {
    ...(editing.strategy ?? {}),
    ...payload,
    id: String(payload.id ?? editing.strategy?.id ?? 'new'),
  } as FeatureStrategy;
}

type SegmentChange = NonNullable<ChangeRequest['segments']>[number];

function SegmentChangeCard({
  change,
  names,
  applied,
}: {
  change: SegmentChange;
  names: Names;
  applied: boolean;
}) {
  return (
    <Card withBorder padding="sm" data-testid={`change-${change.id}`}>
      <Text fw={600} mb="xs">
        {changeTitle(change, names)}: {change.name}
      </Text>
      <ChangeDiff change={change} environment={undefined} names={names} applied={applied} />
    </Card>
  );
}

/** The dialog that edits one change: the on/off switch, or the flag page's strategy form. */
function EditChangeModal({
  request,
  names,
  editing,
  editConsole,
  onClose,
  onSaveEnabled,
  onDone,
}: {
  request: ChangeRequest;
  names: Names;
  editing: Editing;
  editConsole: Console;
  onClose: () => void;
  onSaveEnabled: (enabled: boolean) => void;
  onDone: (result: SubmitResult) => void;
}) {
  const payload = (editing?.change.payload ?? {}) as Record<string, unknown>;
  const editedStrategy = editedStrategyOf(editing);
  return (
    <Modal opened={editing !== null} onClose={onClose} title="Edit change" size="xl">
      {editing && editing.change.action === 'updateEnabled' ? (
        <EnabledChangeForm initial={payload.enabled === true} onSave={onSaveEnabled} />
      ) : null}
      {editing && editedStrategy ? (
        <ConsoleProvider console={editConsole}>
          <StrategyForm
            location={{
              project: request.project,
              flagName: featureOf(request, editing.change),
              environment: request.environment,
            }}
            initial={editedStrategy}
            definitions={names.definitions as Parameters<typeof StrategyForm>[0]['definitions']}
            segments={names.segments as Parameters<typeof StrategyForm>[0]['segments']}
            onCancel={onClose}
            onDone={onDone}
          />
        </ConsoleProvider>
      ) : null}
    </Modal>
  );
}

/** Every change of the request, grouped by flag, with edit and discard while it is open. */
export function ChangeRequestChanges({ request, names }: { request: ChangeRequest; names: Names }) {
  const [editing, setEditing] = useState<Editing>(null);
  const [result, setResult] = useState<SubmitResult | null>(null);
  const [error, setError] = useState<unknown>(null);
  const editConsole = useEditChangeConsole(request, editing);

  async function saveEnabled(enabled: boolean) {
    if (!editing) return;
    setError(null);
    try {
      setResult(
        await editConsole.sendOrQueue(
          editChangeEdit(
            request,
            editing.change.id,
            { feature: featureOf(request, editing.change), action: 'updateEnabled', payload: { enabled } },
            `Edit a change of change request #${request.id}`,
          ),
        ),
      );
      setEditing(null);
    } catch (caught) {
      setError(caught);
    }
  }

  return (
    <Stack gap="md">
      {result === 'queued' ? <PendingChangeNotice onClose={() => setResult(null)} /> : null}
      {error ? <ErrorNotice error={error} title="The change was not edited" /> : null}
      {request.features.map((feature) => (
        <FeatureChanges
          key={feature.name}
          request={request}
          feature={feature}
          names={names}
          onEdit={setEditing}
        />
      ))}
      {(request.segments ?? []).map((change) => (
        <SegmentChangeCard
          key={change.id}
          change={change}
          names={names}
          applied={request.state === 'Applied'}
        />
      ))}
      <EditChangeModal
        request={request}
        names={names}
        editing={editing}
        editConsole={editConsole}
        onClose={() => setEditing(null)}
        onSaveEnabled={(enabled) => void saveEnabled(enabled)}
        onDone={(done) => {
          setEditing(null);
          setResult(done);
        }}
      />
    </Stack>
  );
}
