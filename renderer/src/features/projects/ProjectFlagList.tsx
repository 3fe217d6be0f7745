import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  MultiSelect,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/api-error';
import { FEATURE_PAGE_SIZE } from '../../api/search-params';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { PendingBadge } from '../../components/PendingBadge/PendingBadge';
import { Link } from '../../router/navigation';
import { flagPath } from '../../router/paths';
import { useConsoleState } from '../../stores/console-context';
import { useServerWrite } from '../../stores/use-mutations';
import { useProfileOutbox } from '../../stores/use-outbox';
import { useServerData } from '../../stores/use-server-data';
import type { FlagListQuery } from '../flags/index';
import { pendingCreatedFlags } from '../flags/index';
import { LIFECYCLE_FILTERS, LifecycleBadge } from '../lifecycle/index';
import {
  type BulkAction,
  describeBulkAction,
  FLAG_COLUMNS,
  type FlagColumn,
  type FlagListView,
  loadFlagListView,
  runBulkAction,
  saveFlagListView,
} from './project-flag-bulk';

const COLUMN_LABELS: Record<FlagColumn, string> = {
  type: 'Type',
  lifecycle: 'Lifecycle',
  environments: 'Environments',
  createdAt: 'Created',
};

type Pending = { action: BulkAction; features: string[] };
type Outcome = { done: string; failed: string[]; error: unknown } | null;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The flags a failed bulk answer names: every endpoint names the flags it refused in its message or details. */
function flagsNamedIn(error: unknown, features: readonly string[]): string[] {
  if (!(error instanceof ApiError)) return [];
  const text = [error.message, ...error.details.map((detail) => detail.message)].join('\n');
  return features.filter((name) =>
    new RegExp(`(^|[^A-Za-z0-9_.~-])${escapeRegExp(name)}($|[^A-Za-z0-9_.~-])`).test(text),
  );
}

/** The flag-list filters a pending row is matched against; the project list sets its own. */
const DEFAULT_PENDING_QUERY: FlagListQuery = {
  query: '',
  project: null,
  types: [],
  state: null,
  page: 1,
  sortBy: 'name',
  sortOrder: 'asc',
};

/**
 * A project's flags, searched and paged on the server (10,000 flags stay fast), with row
 * selection and Unleash's bulk actions; the filters and columns stay as the operator left them.
 */
export function ProjectFlagList({
  projectId,
  environments,
}: {
  projectId: string;
  environments: readonly string[];
}) {
  const write = useServerWrite({ kind: 'flag-bulk' });
  const offline = useConsoleState((state) => state.connectivity === 'offline');
  const [view, setView] = useState<FlagListView>(() => loadFlagListView(projectId));
  const [text, setText] = useState(view.query);
  const [debounced] = useDebouncedValue(text, 300);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<Pending | null>(null);
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [environment, setEnvironment] = useState<string | null>(environments[0] ?? null);
  const [tag, setTag] = useState('');

  const changeView = (changes: Partial<FlagListView>) => {
    const next = { ...view, ...changes };
    setView(next);
    saveFlagListView(projectId, next);
    setPage(1);
    setSelected(new Set());
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text changes the search
  useEffect(() => {
    if (debounced !== view.query) changeView({ query: debounced });
  }, [debounced]);

  const filters = {
    project: projectId,
    query: view.query,
    state: view.state,
    lifecycle: view.lifecycle,
    sortBy: 'name' as const,
    sortOrder: 'asc' as const,
    offset: (page - 1) * FEATURE_PAGE_SIZE,
    limit: FEATURE_PAGE_SIZE,
  };
  const flags = useServerData(`project-flags:${JSON.stringify(filters)}`, (api, signal) =>
    api.searchFeatures(filters, signal),
  );
  const rows = flags.data?.features ?? [];
  // Flags created offline in this project, above the server's rows until the replay sends them.
  const outbox = useProfileOutbox();
  const pendingRows =
    page === 1 && !view.lifecycle
      ? pendingCreatedFlags(
          outbox,
          { ...DEFAULT_PENDING_QUERY, project: projectId, query: view.query, state: view.state },
          rows,
        )
      : [];
  const total = flags.data?.total ?? rows.length;
  const pages = Math.max(1, Math.ceil(total / FEATURE_PAGE_SIZE));
  const onPage = rows.map((row) => row.name);
  const selectedOnPage = onPage.filter((name) => selected.has(name));
  const allOnPage = onPage.length > 0 && selectedOnPage.length === onPage.length;

  const toggle = (name: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });
  const toggleAll = () => setSelected(allOnPage ? new Set() : new Set(onPage));

  const [tagType, ...tagRest] = tag.split(':');
  const tagValue = tagRest.join(':');
  const tagValid = Boolean(tagType?.trim() && tagValue.trim());
  const ask = (action: BulkAction) => {
    setOutcome(null);
    setPending({ action, features: [...selected].sort() });
  };

  async function confirm() {
    if (!pending) return;
    setRunning(true);
    const label = describeBulkAction(pending.action, pending.features.length);
    try {
      await write((api) => runBulkAction(api.client, projectId, pending.action, pending.features));
      setOutcome({ done: `${label}: done.`, failed: [], error: null });
      setSelected(new Set());
    } catch (error) {
      // Each endpoint applies to all flags or none: name the flags the server refused.
      setOutcome({ done: '', failed: flagsNamedIn(error, pending.features), error });
    } finally {
      setRunning(false);
      setPending(null);
      flags.reload();
    }
  }

  const shown = (column: FlagColumn) => view.columns.includes(column);

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Search flags"
          placeholder="Name, description or tag"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <SegmentedControl
          aria-label="State"
          data={[
            { value: 'all', label: 'All' },
            { value: 'active', label: 'Active' },
            { value: 'stale', label: 'Stale' },
          ]}
          value={view.state ?? 'all'}
          onChange={(value) => changeView({ state: value === 'all' ? null : (value as 'stale' | 'active') })}
        />
        <Select
          label="Lifecycle"
          data={[{ value: 'all', label: 'All stages' }, ...LIFECYCLE_FILTERS]}
          value={view.lifecycle ?? 'all'}
          onChange={(value) => changeView({ lifecycle: !value || value === 'all' ? null : value })}
          allowDeselect={false}
          w={150}
        />
        <MultiSelect
          label="Columns"
          data={FLAG_COLUMNS.map((column) => ({ value: column, label: COLUMN_LABELS[column] }))}
          value={view.columns}
          onChange={(value) =>
            changeView({ columns: FLAG_COLUMNS.filter((column) => value.includes(column)) })
          }
          w={300}
        />
      </Group>

      {outcome?.done ? (
        <Alert color="teal" variant="light" withCloseButton onClose={() => setOutcome(null)}>
          {outcome.done}
        </Alert>
      ) : null}
      {outcome?.error ? (
        <Stack gap={4} data-testid="bulk-failure">
          <ErrorNotice error={outcome.error} title="Nothing was changed" />
          {outcome.failed.length ? (
            <Text size="sm">
              Refused for: <b>{outcome.failed.join(', ')}</b>. Deselect them and try again.
            </Text>
          ) : null}
        </Stack>
      ) : null}

      {selected.size > 0 ? (
        <Paper withBorder p="xs" data-testid="bulk-bar">
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600} aria-live="polite">
              {selected.size} selected
            </Text>
            <Button
              size="xs"
              color="red"
              variant="light"
              disabled={offline}
              onClick={() => ask({ kind: 'archive' })}
            >
              Archive
            </Button>
            <Button
              size="xs"
              variant="light"
              disabled={offline}
              onClick={() => ask({ kind: 'stale', stale: true })}
            >
              Mark stale
            </Button>
            <Button
              size="xs"
              variant="light"
              disabled={offline}
              onClick={() => ask({ kind: 'stale', stale: false })}
            >
              Mark not stale
            </Button>
            <Select
              size="xs"
              aria-label="Environment"
              data={[...environments]}
              value={environment}
              onChange={setEnvironment}
              allowDeselect={false}
              w={150}
            />
            <Button
              size="xs"
              variant="light"
              disabled={offline || !environment}
              onClick={() => environment && ask({ kind: 'environment', environment, enabled: true })}
            >
              Enable
            </Button>
            <Button
              size="xs"
              variant="light"
              disabled={offline || !environment}
              onClick={() => environment && ask({ kind: 'environment', environment, enabled: false })}
            >
              Disable
            </Button>
            <TextInput
              size="xs"
              aria-label="Tag (type:value)"
              placeholder="type:value"
              value={tag}
              onChange={(event) => setTag(event.currentTarget.value)}
              w={150}
            />
            <Button
              size="xs"
              variant="light"
              disabled={offline || !tagValid}
              onClick={() =>
                ask({ kind: 'tag', type: (tagType ?? '').trim(), value: tagValue.trim(), add: true })
              }
            >
              Add tag
            </Button>
            <Button
              size="xs"
              variant="light"
              disabled={offline || !tagValid}
              onClick={() =>
                ask({ kind: 'tag', type: (tagType ?? '').trim(), value: tagValue.trim(), add: false })
              }
            >
              Remove tag
            </Button>
            <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>
              Clear selection
            </Button>
          </Group>
        </Paper>
      ) : null}

      {flags.error && !flags.data ? <ErrorNotice error={flags.error} onRetry={flags.reload} /> : null}
      {flags.data && rows.length === 0 && pendingRows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {view.query || view.state || view.lifecycle
            ? 'No flag matches these filters.'
            : 'This project has no flags.'}
        </Text>
      ) : null}
      {rows.length > 0 || pendingRows.length > 0 ? (
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Select all flags on this page"
                    checked={allOnPage}
                    indeterminate={selectedOnPage.length > 0 && !allOnPage}
                    onChange={toggleAll}
                  />
                </Table.Th>
                <Table.Th>Flag</Table.Th>
                {FLAG_COLUMNS.filter(shown).map((column) => (
                  <Table.Th key={column}>{COLUMN_LABELS[column]}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pendingRows.map(({ flag, entry }) => (
                <Table.Tr key={`pending:${flag.name}`} data-testid="pending-flag-row">
                  <Table.Td />
                  <Table.Td>
                    <Group gap="xs">
                      <Text size="sm" fw={600} span>
                        {flag.name}
                      </Text>
                      <PendingBadge entry={entry} />
                    </Group>
                  </Table.Td>
                  {shown('type') ? <Table.Td>{flag.type}</Table.Td> : null}
                  {shown('lifecycle') ? <Table.Td /> : null}
                  {shown('environments') ? (
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        when the server is back
                      </Text>
                    </Table.Td>
                  ) : null}
                  {shown('createdAt') ? (
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        not yet
                      </Text>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
              {rows.map((feature) => (
                <Table.Tr key={feature.name} data-testid={`project-flag-${feature.name}`}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${feature.name}`}
                      checked={selected.has(feature.name)}
                      onChange={() => toggle(feature.name)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <Anchor
                        component={Link}
                        to={flagPath({ project: projectId, name: feature.name })}
                        fw={600}
                      >
                        {feature.name}
                      </Anchor>
                      {feature.stale ? (
                        <Badge color="orange" variant="light" size="sm">
                          stale
                        </Badge>
                      ) : null}
                    </Group>
                    {feature.description ? (
                      <Text size="sm" c="dimmed" lineClamp={1}>
                        {feature.description}
                      </Text>
                    ) : null}
                  </Table.Td>
                  {shown('type') ? <Table.Td>{feature.type}</Table.Td> : null}
                  {shown('lifecycle') ? (
                    <Table.Td>
                      {feature.lifecycle ? (
                        <LifecycleBadge stage={feature.lifecycle.stage} status={feature.lifecycle.status} />
                      ) : null}
                    </Table.Td>
                  ) : null}
                  {shown('environments') ? (
                    <Table.Td>
                      <Group gap={4}>
                        {feature.environments
                          .filter((entry) => entry.enabled)
                          .map((entry) => (
                            <Badge key={entry.name} variant="outline" size="sm">
                              {entry.name}
                            </Badge>
                          ))}
                      </Group>
                    </Table.Td>
                  ) : null}
                  {shown('createdAt') ? (
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {feature.createdAt ? new Date(feature.createdAt).toLocaleDateString() : '–'}
                      </Text>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="project-flag-count">
          {total ? `${total.toLocaleString()} flags` : ''}
        </Text>
        {pages > 1 ? (
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={(next) => {
              setPage(next);
              setSelected(new Set());
            }}
          />
        ) : null}
      </Group>

      <Modal opened={pending !== null} onClose={() => setPending(null)} title="Confirm the bulk action">
        {pending ? (
          <Stack gap="sm">
            <Text fw={600}>{describeBulkAction(pending.action, pending.features.length)}?</Text>
            <List size="sm" mah={200} style={{ overflow: 'auto' }}>
              {pending.features.map((name) => (
                <List.Item key={name}>{name}</List.Item>
              ))}
            </List>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPending(null)}>
                Cancel
              </Button>
              <Button
                color={pending.action.kind === 'archive' ? 'red' : undefined}
                loading={running}
                onClick={confirm}
              >
                {describeBulkAction(pending.action, pending.features.length)}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
