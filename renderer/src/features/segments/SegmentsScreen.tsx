import { Badge, Button, Group, List, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { EditNotices, useEditNotices } from '../../components/EditNotices/EditNotices';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { ListTable } from '../../components/ListTable/ListTable';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { PendingBadge } from '../../components/PendingBadge/PendingBadge';
import { QueryState } from '../../components/QueryState/QueryState';
import type { OutboxEntry } from '../../offline/outbox';
import { useEditMutation } from '../../stores/use-mutations';
import { useNow } from '../../stores/use-now';
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

function DeleteSegmentDialog({
  segment,
  onDone,
  onCancel,
}: {
  segment: Segment;
  onDone: (queued: boolean) => void;
  onCancel: () => void;
}) {
  const { mutateAsync: submitEdit } = useEditMutation();
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  async function remove() {
    setDeleting(true);
    setError(null);
    try {
      onDone((await submitEdit(deleteSegmentEdit(segment))) === 'queued');
    } catch (caught) {
      setError(caught);
    } finally {
      setDeleting(false);
    }
  }
  return (
    <Stack gap="sm">
      <Text>Delete the segment {segment.name}? Strategies that include it can no longer use it.</Text>
      <SegmentUsage segment={segment} />
      {error ? <ErrorNotice error={error} title="The segment was not deleted" /> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button color="red" loading={deleting} onClick={remove}>
          Delete segment
        </Button>
      </Group>
    </Stack>
  );
}

type Editing = { mode: 'new' } | { mode: 'edit'; segment: Segment } | null;

/** Segments: reusable sets of constraints that strategies include (shared/unleash/API.md §6). */
export function SegmentsScreen() {
  const now = useNow();
  const segments = useServerData('segments', async (api) => (await api.listSegments()).segments ?? []);
  const projects = useServerData('projects', (api) => api.listProjects());
  const pending = usePendingEdits('segment');
  const outbox = useProfileOutbox();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Segment | null>(null);
  const notices = useEditNotices();

  function rowsOf(server: readonly Segment[]): Row[] {
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
  }

  const needle = search.trim().toLowerCase();
  const matches = (row: Row) =>
    !needle ||
    `${row.segment.name} ${row.segment.description ?? ''} ${row.segment.project ?? ''}`
      .toLowerCase()
      .includes(needle);

  return (
    <>
      <PageHeader
        title="Segments"
        description="Reusable sets of constraints that strategies include by reference: change the segment, every strategy that uses it follows."
        savedAt={segments.savedAt}
        fromCache={segments.fromCache}
        now={now}
        actions={<Button onClick={() => setEditing({ mode: 'new' })}>New segment</Button>}
      />
      <EditNotices notices={notices} />
      <TextInput
        className={classes.search}
        placeholder="Search by name, description or project"
        aria-label="Search segments"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <QueryState
        query={segments}
        noun="segments"
        isEmpty={(data) => rowsOf(data).length === 0}
        empty="No segments yet. A segment collects constraints that several strategies share."
      >
        {(data) => {
          const rows = rowsOf(data).filter(matches);
          if (rows.length === 0) return <Text c="dimmed">No segment matches “{search}”.</Text>;
          return (
            <ListTable
              minWidth={720}
              columns={[
                'Segment',
                'Project',
                { label: 'Constraints', className: classes.number },
                { label: 'Used by flags', className: classes.number },
                '',
              ]}
            >
              {rows.map((row) => (
                <Table.Tr
                  key={row.key}
                  data-testid={`segment-${row.segment.name}`}
                  className={row.pendingDelete ? classes.deleted : undefined}
                >
                  <Table.Td>
                    <Group gap="xs">
                      <Text fw={600}>{row.segment.name}</Text>
                      {row.pendingDelete ? (
                        <Badge color="red" variant="light">
                          Deleted
                        </Badge>
                      ) : null}
                      <PendingBadge entry={row.entry} />
                    </Group>
                    {row.segment.description ? (
                      <Text size="sm" c="dimmed">
                        {row.segment.description}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{row.segment.project ?? 'All projects'}</Table.Td>
                  <Table.Td className={classes.number}>{row.segment.constraints.length}</Table.Td>
                  <Table.Td className={classes.number}>{row.segment.usedInFeatures ?? '–'}</Table.Td>
                  <Table.Td>
                    {row.pendingCreation || row.pendingDelete ? null : (
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="light"
                          aria-label={`Edit ${row.segment.name}`}
                          onClick={() => setEditing({ mode: 'edit', segment: row.segment })}
                        >
                          Edit
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${row.segment.name}`}
                          onClick={() => setDeleting(row.segment)}
                        >
                          Delete
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          );
        }}
      </QueryState>

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === 'edit' ? `Edit ${editing.segment.name}` : 'New segment'}
        size="xl"
      >
        {editing ? (
          <Stack gap="md">
            {editing.mode === 'edit' ? <SegmentUsage segment={editing.segment} /> : null}
            <SegmentForm
              initial={editing.mode === 'edit' ? editing.segment : null}
              projects={projects.data?.projects ?? []}
              existingNames={(segments.data ?? [])
                .filter((segment) => editing.mode !== 'edit' || segment.id !== editing.segment.id)
                .map((segment) => segment.name)}
              onCancel={() => setEditing(null)}
              onDone={(result, body) => {
                const created = editing.mode === 'new';
                setEditing(null);
                notices.afterEdit(result, `Segment ${body.name} ${created ? 'created' : 'saved'}.`);
              }}
            />
          </Stack>
        ) : null}
      </Modal>

      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete segment">
        {deleting ? (
          <DeleteSegmentDialog
            segment={deleting}
            onCancel={() => setDeleting(null)}
            onDone={(wasQueued) => {
              notices.announce(wasQueued ? null : `Segment ${deleting.name} deleted.`);
              notices.setQueued(wasQueued);
              setDeleting(null);
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}
