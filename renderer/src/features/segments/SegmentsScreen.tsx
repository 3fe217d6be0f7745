import { Badge, Button, Group, List, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  type CrudDialogs,
  CrudEditDialog,
  editTitle,
  useCrudDialogs,
} from '../../components/CrudDialogs/CrudDialogs';
import { CrudScreen, doneNotice } from '../../components/CrudScreen/CrudScreen';
import { ListTable } from '../../components/ListTable/ListTable';
import { PendingBadge } from '../../components/PendingBadge/PendingBadge';
import { QueryState } from '../../components/QueryState/QueryState';
import type { OutboxEntry } from '../../offline/outbox';
import { useEditMutation } from '../../stores/use-mutations';
import { usePendingEdits, useProfileOutbox } from '../../stores/use-outbox';
import { useServerData } from '../../stores/use-server-data';
import { SegmentForm } from './SegmentForm';
import classes from './SegmentsScreen.module.css';
import { deleteSegmentEdit, isPendingSegmentCreation, type segmentSnapshot } from './segment-edits';
import { createSegmentsApi, type Segment } from './segments-api';

interface Row {
  /** The server's segment with a queued edit laid over it; a stand-in for a queued creation. */
  segment: Segment;
  entry: OutboxEntry | undefined;
  key: string;
  pendingCreation: boolean;
  pendingDelete: boolean;
}

/** Where a segment is used: one line per strategy (`GET /api/admin/segments/:id/strategies`). */
function SegmentUsage({ segment }: { segment: Segment }) {
  const usage = useServerData(`segment-strategies:${segment.id}`, (api) =>
    createSegmentsApi(api.client).strategies(segment.id),
  );
  return (
    <QueryState
      query={usage}
      noun="where the segment is used"
      isEmpty={(data) => data.strategies.length === 0}
      empty="No strategy uses this segment."
    >
      {(data) => (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Used by {data.strategies.length} {data.strategies.length === 1 ? 'strategy' : 'strategies'}:
          </Text>
          <List size="sm" data-testid="segment-usage">
            {data.strategies.map((usageRow) => (
              <List.Item key={usageRow.id}>
                {usageRow.featureName} in {usageRow.environment} ({usageRow.projectId},{' '}
                {usageRow.strategyName})
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </QueryState>
  );
}

/** The server's segments with queued edits laid over them, and queued creations after them. */
function useSegmentRows(): (server: readonly Segment[]) => Row[] {
  const pending = usePendingEdits('segment');
  const outbox = useProfileOutbox();
  return (server) => {
    const rows: Row[] = server.map((serverSegment) => {
      const entry = pending(String(serverSegment.id));
      const mine = entry?.mine as ReturnType<typeof segmentSnapshot> | null | undefined;
      return {
        segment: mine ? { ...serverSegment, ...mine } : serverSegment,
        entry,
        key: String(serverSegment.id),
        pendingCreation: false,
        pendingDelete: entry !== undefined && mine === null,
      };
    });
    for (const entry of outbox) {
      if (entry.kind !== 'segment' || !isPendingSegmentCreation(entry.target)) continue;
      const mine = entry.mine as ReturnType<typeof segmentSnapshot>;
      rows.push({
        segment: { ...mine, id: -1, createdBy: null, createdAt: entry.createdAt },
        entry,
        key: entry.target,
        pendingCreation: true,
        pendingDelete: false,
      });
    }
    return rows;
  };
}

const COLUMNS = [
  'Segment',
  'Project',
  { label: 'Constraints', className: classes.number },
  { label: 'Used by flags', className: classes.number },
  '',
];

/** Segments: reusable sets of constraints that strategies include (shared/unleash/API.md §6). */
export function SegmentsScreen() {
  const { mutateAsync: submitEdit } = useEditMutation();
  const segments = useServerData('segments', async (api) => (await api.listSegments()).segments ?? []);
  const rowsOf = useSegmentRows();
  const [search, setSearch] = useState('');
  const dialogs = useCrudDialogs<Segment>();
  const needle = search.trim().toLowerCase();
  const matches = (row: Row) =>
    !needle ||
    `${row.segment.name} ${row.segment.description ?? ''} ${row.segment.project ?? ''}`
      .toLowerCase()
      .includes(needle);
  return (
    <CrudScreen
      dialogs={dialogs}
      title="Segments"
      description="Reusable sets of constraints that strategies include by reference: change the segment, every strategy that uses it follows."
      actions={<Button onClick={dialogs.openCreate}>New segment</Button>}
      toolbar={
        <TextInput
          className={classes.search}
          placeholder="Search by name, description or project"
          aria-label="Search segments"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      }
      query={segments}
      noun="segments"
      isEmpty={(data) => rowsOf(data).length === 0}
      empty="No segments yet. A segment collects constraints that several strategies share."
      list={(data) => {
        const rows = rowsOf(data).filter(matches);
        if (rows.length === 0) return <Text c="dimmed">No segment matches “{search}”.</Text>;
        return (
          <ListTable minWidth={720} columns={COLUMNS}>
            {rows.map((row) => (
              <SegmentRow key={row.key} row={row} dialogs={dialogs} />
            ))}
          </ListTable>
        );
      }}
      nameOf={(segment) => segment.name}
      remove={{
        noun: 'segment',
        deletedNotice: 'Segment',
        onConfirm: (segment) => submitEdit(deleteSegmentEdit(segment)),
        consequence: (segment) => (
          <Stack gap="sm">
            <Text>Strategies that include it can no longer use it.</Text>
            <SegmentUsage segment={segment} />
          </Stack>
        ),
      }}
    >
      <SegmentDialog dialogs={dialogs} segments={segments.data ?? []} />
    </CrudScreen>
  );
}

function SegmentDialog({
  dialogs,
  segments,
}: {
  dialogs: CrudDialogs<Segment>;
  segments: readonly Segment[];
}) {
  const projects = useServerData('projects', (api) => api.listProjects());
  return (
    <CrudEditDialog
      dialogs={dialogs}
      size="xl"
      title={(target) => editTitle(target, 'New segment', (s) => s.name)}
    >
      {(target) => {
        const edited = target.mode === 'edit' ? target.item : null;
        return (
          <Stack gap="md">
            {edited ? <SegmentUsage segment={edited} /> : null}
            <SegmentForm
              initial={edited}
              projects={projects.data?.projects ?? []}
              existingNames={segments
                .filter((segment) => segment.id !== edited?.id)
                .map((segment) => segment.name)}
              onCancel={dialogs.closeEdit}
              onDone={(result, body) => dialogs.finishEdit(result, doneNotice(target, 'Segment', body.name))}
            />
          </Stack>
        );
      }}
    </CrudEditDialog>
  );
}

function SegmentRow({ row, dialogs }: { row: Row; dialogs: CrudDialogs<Segment> }) {
  const { segment } = row;
  return (
    <Table.Tr
      data-testid={`segment-${segment.name}`}
      className={row.pendingDelete ? classes.deleted : undefined}
    >
      <Table.Td>
        <Group gap="xs">
          <Text fw={600}>{segment.name}</Text>
          {row.pendingDelete ? (
            <Badge color="red" variant="light">
              Deleted
            </Badge>
          ) : null}
          <PendingBadge entry={row.entry} />
        </Group>
        {segment.description ? (
          <Text size="sm" c="dimmed">
            {segment.description}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{segment.project ?? 'All projects'}</Table.Td>
      <Table.Td className={classes.number}>{segment.constraints.length}</Table.Td>
      <Table.Td className={classes.number}>{segment.usedInFeatures ?? '–'}</Table.Td>
      <Table.Td>
        {row.pendingCreation || row.pendingDelete ? null : (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Button
              size="compact-sm"
              variant="light"
              aria-label={`Edit ${segment.name}`}
              onClick={() => dialogs.openEdit(segment)}
            >
              Edit
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              aria-label={`Delete ${segment.name}`}
              onClick={() => dialogs.openDelete(segment)}
            >
              Delete
            </Button>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
