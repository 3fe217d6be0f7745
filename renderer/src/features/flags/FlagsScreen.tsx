import {
  Alert,
  Anchor,
  Button,
  Drawer,
  Group,
  Modal,
  MultiSelect,
  Pagination,
  SegmentedControl,
  Select,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { flagPagePath } from '../../api/flag-api';
import { FEATURE_PAGE_SIZE } from '../../api/search-params';
import type { FeatureSearchItem } from '../../api/types';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { Link, type Location, navigate, replaceQuery, useLocation } from '../../router/navigation';
import { usePermission } from '../../stores/permissions';
import { useNow } from '../../stores/use-now';
import { useProfileOutbox } from '../../stores/use-outbox';
import { useServerData } from '../../stores/use-server-data';
import { useReferenceCounts } from '../code-references/index';
import { MyFavorites } from '../favorites/index';
import { FeedbackPrompt } from '../feedback/index';
import { CreateFlagForm } from './CreateFlagForm';
import { FlagDetails } from './FlagDetails';
import { FlagRow } from './FlagRow';
import classes from './FlagsScreen.module.css';
import {
  type FlagListQuery,
  type FlagSort,
  flagListKey,
  readFlagQuery,
  toSearchFilters,
  writeFlagQuery,
} from './flag-filters';
import { latestFlagEdit, pendingCreatedFlags } from './pending-flags';

function SortHeader({
  label,
  sort,
  list,
  onSort,
}: {
  label: string;
  sort: FlagSort;
  list: FlagListQuery;
  onSort: (sort: FlagSort) => void;
}) {
  const active = list.sortBy === sort;
  return (
    <Table.Th aria-sort={active ? (list.sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(sort)} className={classes.sort}>
        {label} {active ? (list.sortOrder === 'asc' ? '↑' : '↓') : ''}
      </UnstyledButton>
    </Table.Th>
  );
}

/** The flag list at `/features`; a flag's page lives under its project (`/projects/:p/features/:f`). */
export function FlagsScreen() {
  const location = useLocation();
  return <FlagList location={location} />;
}

/**
 * Flags, searched on the server (`GET /api/admin/search/features`) with filters, sorting and pages
 * of 50, so the list stays fast with 10,000 flags. The filters live in the URL hash.
 */
function FlagList({ location }: { location: Location }) {
  const list = readFlagQuery(location.query);
  const now = useNow();
  const [selected, setSelected] = useState<FeatureSearchItem | null>(null);
  const [creating, setCreating] = useState(false);
  // The form asks for the project: a user creating flags nowhere is not offered it (issue 33).
  const canCreate = usePermission('CREATE_FEATURE', { anyProject: true }) !== false;
  const [notice, setNotice] = useState<string | null>(null);

  const update = (changes: Partial<FlagListQuery>) =>
    replaceQuery('/features', writeFlagQuery({ ...list, page: 1, ...changes }));
  const [text, setText] = useSearchText(list, update);

  const flags = useServerData(flagListKey(list), (api, signal) =>
    api.searchFeatures(toSearchFilters(list), signal),
  );
  const outbox = useProfileOutbox();
  // Flags created offline show on the first page until the server has them.
  const pendingRows = list.page === 1 ? pendingCreatedFlags(outbox, list, flags.data?.features ?? []) : [];

  return (
    <>
      <PageHeader
        title="Flags"
        description="Every feature flag, searched on the server. Open a flag by its name to change it; select its row for a summary."
        savedAt={flags.savedAt}
        fromCache={flags.fromCache}
        now={now}
        actions={canCreate ? <Button onClick={() => setCreating(true)}>New flag</Button> : null}
      />
      <FeedbackPrompt />
      <MyFavorites />
      {notice ? (
        <Alert color="yellow" variant="light" withCloseButton onClose={() => setNotice(null)} mb="md">
          {notice}
        </Alert>
      ) : null}
      <FlagFilters list={list} update={update} text={text} setText={setText} />
      <QueryState
        query={flags}
        noun="flags"
        isEmpty={(data) => data.features.length === 0 && pendingRows.length === 0}
        empty={
          list.query || list.project || list.types.length || list.state
            ? 'No flag matches these filters.'
            : 'No flags yet.'
        }
      >
        {(data) => (
          <FlagTable
            list={list}
            features={data.features}
            total={data.total ?? data.features.length}
            refreshing={flags.loading}
            pendingRows={pendingRows}
            update={update}
            onSelect={setSelected}
          />
        )}
      </QueryState>
      <FlagSummaryDrawer selected={selected} onClose={() => setSelected(null)} />
      <CreateFlagModal
        creating={creating}
        defaultProject={list.project}
        onClose={() => setCreating(false)}
        onPending={setNotice}
      />
    </>
  );
}

/** The search box's text: typing updates the URL once the operator pauses; a URL change from elsewhere updates the box. */
function useSearchText(list: FlagListQuery, update: (changes: Partial<FlagListQuery>) => void) {
  const [text, setText] = useState(list.query);
  const [debounced] = useDebouncedValue(text, 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text triggers a search
  useEffect(() => {
    if (debounced !== list.query) update({ query: debounced });
  }, [debounced]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the URL, not the box
  useEffect(() => {
    if (list.query !== debounced) setText(list.query);
  }, [list.query]);
  return [text, setText] as const;
}

/** Search text, project, types and state: the list's filters. */
function FlagFilters({
  list,
  update,
  text,
  setText,
}: {
  list: FlagListQuery;
  update: (changes: Partial<FlagListQuery>) => void;
  text: string;
  setText: (text: string) => void;
}) {
  const projects = useServerData('projects', (api) => api.listProjects());
  const types = useServerData('feature-types', (api) => api.listFeatureTypes());
  return (
    <Group className={classes.filters} align="flex-end" gap="sm">
      <TextInput
        label="Search"
        placeholder="Name or description"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        className={classes.search}
      />
      <Select
        label="Project"
        placeholder="All projects"
        clearable
        searchable
        data={(projects.data?.projects ?? []).map((p) => ({ value: p.id, label: p.name }))}
        value={list.project}
        onChange={(value) => update({ project: value })}
      />
      <MultiSelect
        label="Type"
        placeholder={list.types.length ? undefined : 'All types'}
        clearable
        data={(types.data?.types ?? []).map((t) => ({ value: t.id, label: t.name }))}
        value={list.types}
        onChange={(value) => update({ types: value })}
        className={classes.types}
      />
      <SegmentedControl
        data={[
          { value: 'all', label: 'All' },
          { value: 'active', label: 'Active' },
          { value: 'stale', label: 'Stale' },
        ]}
        value={list.state ?? 'all'}
        onChange={(value) => update({ state: value === 'all' ? null : (value as 'stale' | 'active') })}
        aria-label="State"
      />
    </Group>
  );
}

/** One page of flags (offline-created ones first), sortable by column, with the pager. */
function FlagTable({
  list,
  features,
  total,
  refreshing,
  pendingRows,
  update,
  onSelect,
}: {
  list: FlagListQuery;
  features: FeatureSearchItem[];
  total: number;
  refreshing: boolean;
  pendingRows: ReturnType<typeof pendingCreatedFlags>;
  update: (changes: Partial<FlagListQuery>) => void;
  onSelect: (flag: FeatureSearchItem) => void;
}) {
  const outbox = useProfileOutbox();
  const references = useReferenceCounts();
  const pages = Math.max(1, Math.ceil(total / FEATURE_PAGE_SIZE));
  const first = (list.page - 1) * FEATURE_PAGE_SIZE + 1;
  const onSort = (sort: FlagSort) =>
    update({ sortBy: sort, sortOrder: list.sortBy === sort && list.sortOrder === 'asc' ? 'desc' : 'asc' });
  return (
    <>
      <Table.ScrollContainer minWidth={840}>
        <Table className={refreshing ? classes.refreshing : undefined}>
          <Table.Thead>
            <Table.Tr>
              <SortHeader label="Name" sort="name" list={list} onSort={onSort} />
              <SortHeader label="Type" sort="type" list={list} onSort={onSort} />
              <SortHeader label="Project" sort="project" list={list} onSort={onSort} />
              <Table.Th>Lifecycle</Table.Th>
              <Table.Th>Environments</Table.Th>
              <Table.Th title="References found by code scans (switchyard code-refs scan)">In code</Table.Th>
              <SortHeader label="Created" sort="createdAt" list={list} onSort={onSort} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pendingRows.map(({ flag, entry }) => (
              <FlagRow key={`pending:${flag.project}/${flag.name}`} flag={flag} pending={entry} />
            ))}
            {features.map((flag) => (
              <FlagRow
                key={`${flag.project}/${flag.name}`}
                flag={flag}
                pending={latestFlagEdit(outbox, flag)}
                saved={flag}
                codeReferences={references.get(flag.name) ?? 0}
                onSelect={() => onSelect(flag)}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="md">
        <Text size="sm" c="dimmed" data-testid="flag-count">
          {features.length > 0
            ? `${first.toLocaleString()}–${(first + features.length - 1).toLocaleString()} of ${total.toLocaleString()}`
            : ''}
        </Text>
        {pages > 1 ? (
          <Pagination
            total={pages}
            value={Math.min(list.page, pages)}
            onChange={(page) => replaceQuery('/features', writeFlagQuery({ ...list, page }))}
          />
        ) : null}
      </Group>
    </>
  );
}

/** The selected row's summary, with the way to its page. */
function FlagSummaryDrawer({
  selected,
  onClose,
}: {
  selected: FeatureSearchItem | null;
  onClose: () => void;
}) {
  return (
    <Drawer opened={selected !== null} onClose={onClose} title={selected?.name} position="right" size="lg">
      {selected ? (
        <>
          <Anchor component={Link} to={flagPagePath(selected)} size="sm">
            Open the flag page
          </Anchor>
          <FlagDetails flag={selected} />
        </>
      ) : null}
    </Drawer>
  );
}

/** The new-flag form; a flag created offline is announced as pending instead of opened. */
function CreateFlagModal({
  creating,
  defaultProject,
  onClose,
  onPending,
}: {
  creating: boolean;
  defaultProject: string | null;
  onClose: () => void;
  onPending: (notice: string) => void;
}) {
  return (
    <Modal opened={creating} onClose={onClose} title="New flag" size="lg">
      {creating ? (
        <CreateFlagForm
          defaultProject={defaultProject}
          onCancel={onClose}
          onDone={(result, created) => {
            onClose();
            if (result === 'applied') navigate(flagPagePath(created));
            else onPending(`The flag ${created.name} is pending: it is created when the server is back.`);
          }}
        />
      ) : null}
    </Modal>
  );
}
