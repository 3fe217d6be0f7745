import {
  Badge,
  Button,
  Group,
  Pagination,
  SimpleGrid,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Dispatch, Fragment, type SetStateAction, useEffect, useState } from 'react';
import { EVENT_PAGE_SIZE } from '../../api/search-params';
import type { AuditEvent, EventSearchResponse } from '../../api/types';
import { JsonBlock } from '../../components/JsonBlock/JsonBlock';
import { ListTable } from '../../components/ListTable/ListTable';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import { replaceQuery, useLocation } from '../../router/navigation';
import { useNow } from '../../stores/use-now';
import { useServerData } from '../../stores/use-server-data';
import { describeEvent } from './describe-event';
import { EventFilterSelects } from './EventFilterSelects';
import classes from './EventLogScreen.module.css';
import {
  type EventLogQuery,
  eventLogKey,
  readEventQuery,
  toEventFilters,
  writeEventQuery,
} from './event-filters';

function eventColor(type: string): string {
  if (type.endsWith('-deleted') || type.endsWith('-archived') || type.endsWith('-removed')) return 'red';
  if (type.endsWith('-created') || type.endsWith('-added')) return 'teal';
  if (type.includes('environment-enabled') || type.endsWith('-on')) return 'green';
  if (type.includes('environment-disabled') || type.endsWith('-off')) return 'gray';
  return 'indigo';
}

function EventRow({ event }: { event: AuditEvent }) {
  const [open, setOpen] = useState(false);
  return (
    <Fragment>
      <Table.Tr className={classes.row} onClick={() => setOpen((value) => !value)}>
        <Table.Td className={classes.time}>
          {/* The row opens on a click anywhere; this button is its keyboard and screen-reader way. */}
          <UnstyledButton
            aria-expanded={open}
            onClick={(click) => {
              click.stopPropagation();
              setOpen((value) => !value);
            }}
          >
            <Text size="sm" span>
              <RelativeTime value={event.createdAt} />
            </Text>
            <VisuallyHidden> details</VisuallyHidden>
          </UnstyledButton>
        </Table.Td>
        <Table.Td>
          <Badge variant="light" color={eventColor(event.type)} className={classes.type}>
            {event.type}
          </Badge>
        </Table.Td>
        <Table.Td>
          <Text size="sm" lineClamp={2}>
            {describeEvent(event)}
          </Text>
        </Table.Td>
        <Table.Td>
          <Text size="sm">{event.createdBy}</Text>
        </Table.Td>
        <Table.Td>
          <Text size="sm" c="dimmed">
            {[event.project, event.featureName, event.environment].filter(Boolean).join(' / ') || '–'}
          </Text>
        </Table.Td>
      </Table.Tr>
      {open ? (
        <Table.Tr className={classes.detailRow}>
          <Table.Td colSpan={5} className={classes.detailCell}>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" className={classes.detail}>
              <JsonBlock label="Before" value={event.preData} />
              <JsonBlock label="After" value={event.data} />
            </SimpleGrid>
          </Table.Td>
        </Table.Tr>
      ) : null}
    </Fragment>
  );
}

/** The audit trail (`GET /api/admin/search/events`): who changed what, with before and after. */
export function EventLogScreen() {
  const location = useLocation();
  const log = readEventQuery(location.query);
  const now = useNow();
  const [draft, setDraft] = useState<EventLogQuery>(log);
  const [debounced] = useDebouncedValue(draft, 400);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the debounced draft drives the URL
  useEffect(() => {
    const { page: _page, ...changed } = debounced;
    const { page: _current, ...current } = log;
    if (JSON.stringify(changed) !== JSON.stringify(current))
      replaceQuery('/history', writeEventQuery({ ...debounced, page: 1 }));
  }, [debounced]);

  const events = useServerData(eventLogKey(log), (api, signal) =>
    api.searchEvents(toEventFilters(log), signal),
  );
  const filtered = Object.entries(writeEventQuery(log)).some(
    ([key, value]) => key !== 'page' && value !== null,
  );

  return (
    <>
      <PageHeader
        title="Event log"
        description="Every change, with who made it and the object before and after. Select an event to see both."
        savedAt={events.savedAt}
        fromCache={events.fromCache}
        now={now}
      />
      <EventFilters draft={draft} setDraft={setDraft} filtered={filtered} />
      <QueryState
        query={events}
        noun="events"
        isEmpty={(data) => data.events.length === 0}
        empty={filtered ? 'No event matches these filters.' : 'No events yet.'}
      >
        {(data) => <EventPage data={data} log={log} />}
      </QueryState>
    </>
  );
}

/** Text, flag, type, project and date filters, typed into a draft the URL follows once typing pauses. */
function EventFilters({
  draft,
  setDraft,
  filtered,
}: {
  draft: EventLogQuery;
  setDraft: Dispatch<SetStateAction<EventLogQuery>>;
  filtered: boolean;
}) {
  const field = (
    name: keyof Omit<EventLogQuery, 'page'>,
    label: string,
    placeholder?: string,
    type = 'text',
  ) => (
    <TextInput
      label={label}
      type={type}
      placeholder={placeholder}
      value={draft[name]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setDraft((previous) => ({ ...previous, [name]: value }));
      }}
      className={classes.filter}
    />
  );
  return (
    <Group className={classes.filters} align="flex-end" gap="sm">
      {field('query', 'Search', 'Any text')}
      {field('feature', 'Flag')}
      <EventFilterSelects
        draft={draft}
        onChange={(name, value) => setDraft((previous) => ({ ...previous, [name]: value }))}
      />
      {field('from', 'From', undefined, 'date')}
      {field('to', 'To', undefined, 'date')}
      {filtered ? (
        <Button variant="subtle" onClick={() => setDraft(readEventQuery({}))}>
          Clear
        </Button>
      ) : null}
    </Group>
  );
}

/** One page of events and the pager. */
function EventPage({ data, log }: { data: EventSearchResponse; log: EventLogQuery }) {
  const pages = Math.max(1, Math.ceil(data.total / EVENT_PAGE_SIZE));
  return (
    <>
      <ListTable minWidth={820} columns={['When', 'Type', 'What', 'By', 'Where']}>
        {data.events.map((event) => (
          <EventRow key={event.id} event={event} />
        ))}
      </ListTable>
      <Group justify="space-between" mt="md">
        <Text size="sm" c="dimmed">
          {data.total.toLocaleString()} event{data.total === 1 ? '' : 's'}
        </Text>
        {pages > 1 ? (
          <Pagination
            total={pages}
            value={Math.min(log.page, pages)}
            onChange={(page) => replaceQuery('/history', writeEventQuery({ ...log, page }))}
          />
        ) : null}
      </Group>
    </>
  );
}
