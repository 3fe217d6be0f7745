import { Button, Checkbox, Group, NativeSelect, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FeatureSearchResult } from '../../../../server/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { ListTable } from '../../components/ListTable/ListTable';
import { OnlineOnlyButton } from '../../components/OnlineOnlyButton/OnlineOnlyButton';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';

import { useServerWrite } from '../../stores/use-mutations';
import { useNow } from '../../stores/use-now';
import { useServerData } from '../../stores/use-server-data';
import { archiveApi, byProject } from './archive-api';

const PAGE_SIZE = 100;

/** `/archive`, or one project's archive when `project` is given: search, revive, delete, several at once. */
export function ArchiveScreen({ project }: { project?: string }) {
  const write = useServerWrite({ kind: 'flag-archive' });
  const now = useNow();
  const [query, setQuery] = useState('');
  const [projectFilter, setProjectFilter] = useState<string>(project ?? '');
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [reviving, setReviving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const filters = {
    query,
    project: projectFilter || null,
    offset,
    limit: PAGE_SIZE,
    sortBy: 'name',
  } as const;
  const archived = useServerData(`archive|${JSON.stringify(filters)}`, (api, signal) =>
    archiveApi(api).search(filters, signal),
  );
  const projects = useServerData(project ? null : 'projects', (api) => api.listProjects());
  const rows = archived.data?.features ?? [];
  const chosen = rows.filter((flag) => selected.has(flag.name));

  async function inEachProject(
    flags: readonly FeatureSearchResult[],
    call: (project: string, names: string[]) => Promise<unknown>,
  ) {
    for (const [flagProject, names] of byProject(flags)) await call(flagProject, names);
    setSelected(new Set());
  }

  async function revive(flags: readonly FeatureSearchResult[]) {
    setReviving(true);
    setError(null);
    try {
      await write((api) => inEachProject(flags, archiveApi(api).revive));
      setDone(flags.length === 1 ? `${flags[0]!.name} revived.` : `${flags.length} flags revived.`);
    } catch (caught) {
      setError(caught);
    } finally {
      setReviving(false);
    }
  }

  const toggle = (name: string, on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });
  const allChosen = rows.length > 0 && chosen.length === rows.length;

  return (
    <>
      {project ? null : (
        <PageHeader
          title="Archive"
          description="Archived flags are not served to SDKs. Revive one to bring it back, or delete it for good."
          savedAt={archived.savedAt}
          fromCache={archived.fromCache}
          now={now}
        />
      )}
      {error ? <ErrorNotice error={error} title="The archive was not changed" /> : null}
      {done ? (
        <Text size="sm" role="status" mb="sm">
          {done}
        </Text>
      ) : null}
      <Group mb="sm" align="flex-end">
        <TextInput
          label="Search archived flags"
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setOffset(0);
          }}
        />
        {project ? null : (
          <NativeSelect
            label="Project"
            data={[
              { value: '', label: 'All projects' },
              ...(projects.data?.projects ?? []).map((entry) => ({ value: entry.id, label: entry.name })),
            ]}
            value={projectFilter}
            onChange={(event) => {
              setProjectFilter(event.currentTarget.value);
              setOffset(0);
            }}
          />
        )}
        <OnlineOnlyButton
          reason="Reviving flags"
          disabled={chosen.length === 0}
          loading={reviving}
          onClick={() => void revive(chosen)}
        >
          Revive selected ({chosen.length})
        </OnlineOnlyButton>
        <OnlineOnlyButton
          reason="Deleting flags"
          color="red"
          variant="light"
          disabled={chosen.length === 0}
          onClick={() => setConfirmDelete(true)}
        >
          Delete selected ({chosen.length})
        </OnlineOnlyButton>
      </Group>
      <QueryState query={archived} noun="archived flags" isEmpty={(data) => data.features.length === 0}>
        {(data) => (
          <>
            <ListTable minWidth={640} columns={['', 'Flag', 'Project', 'Type', 'Archived', '']}>
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Checkbox
                    label="Select all on this page"
                    checked={allChosen}
                    indeterminate={chosen.length > 0 && !allChosen}
                    onChange={(event) => {
                      const on = event.currentTarget.checked;
                      setSelected(new Set(on ? data.features.map((flag) => flag.name) : []));
                    }}
                  />
                </Table.Td>
              </Table.Tr>
              {data.features.map((flag) => (
                <Table.Tr key={flag.name} data-testid={`archived-${flag.name}`}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${flag.name}`}
                      checked={selected.has(flag.name)}
                      onChange={(event) => toggle(flag.name, event.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text fw={600}>{flag.name}</Text>
                    {flag.description ? (
                      <Text size="xs" c="dimmed">
                        {flag.description}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{flag.project}</Table.Td>
                  <Table.Td>{flag.type}</Table.Td>
                  <Table.Td>
                    {flag.archivedAt ? (
                      <span title={new Date(flag.archivedAt).toLocaleString()}>
                        {new Date(flag.archivedAt).toLocaleDateString()}
                      </span>
                    ) : (
                      '–'
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      aria-label={`Revive ${flag.name}`}
                      disabled={reviving}
                      onClick={() => void revive([flag])}
                    >
                      Revive
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
            <Group justify="space-between" mt="sm">
              <Text size="sm" c="dimmed">
                {data.total === 0
                  ? ''
                  : `${offset + 1}–${offset + data.features.length} of ${data.total} archived flags`}
              </Text>
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  disabled={offset === 0}
                  onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
                >
                  Previous
                </Button>
                <Button
                  variant="default"
                  size="xs"
                  disabled={offset + PAGE_SIZE >= data.total}
                  onClick={() => setOffset(offset + PAGE_SIZE)}
                >
                  Next
                </Button>
              </Group>
            </Group>
          </>
        )}
      </QueryState>
      <ConfirmDialog
        opened={confirmDelete}
        title={`Delete ${chosen.length === 1 ? chosen[0]!.name : `${chosen.length} flags`} for good?`}
        confirmLabel="Delete for good"
        cancelLabel="Keep them"
        failure="The flags were not deleted"
        onClose={() => setConfirmDelete(false)}
        onConfirm={async () => {
          const count = chosen.length;
          await write((api) => inEachProject(chosen, archiveApi(api).remove));
          setDone(`${count} ${count === 1 ? 'flag' : 'flags'} deleted.`);
        }}
      >
        Deleted flags cannot be revived; their names can be used again.{' '}
        {chosen.map((flag) => flag.name).join(', ')}
      </ConfirmDialog>
    </>
  );
}
