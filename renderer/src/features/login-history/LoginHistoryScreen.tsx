import { Badge, Button, Group, SegmentedControl, Table, Text, TextInput } from '@mantine/core';
import { useDeferredValue, useState } from 'react';
import type { LoginHistory } from '../../../../server/contract';
import { CsvDownload } from '../../components/CsvDownload/CsvDownload';
import { ListTable } from '../../components/ListTable/ListTable';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { useNow } from '../../stores/use-now';
import { useServerData } from '../../stores/use-server-data';

type Outcome = 'all' | 'successful' | 'failed';

/** Attempts a page shows; one more is asked for, to know whether a next page exists (the answer has no total). */
export const LOGIN_PAGE_SIZE = 50;

const AUTH_LABELS: Record<string, string> = {
  password: 'Password',
  'open-id-connect': 'OpenID Connect',
  saml: 'SAML',
};

/** `/admin/logins`: every login attempt, filterable, downloadable as CSV (Unleash's "Login history"). */
export function LoginHistoryScreen() {
  const now = useNow();
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState<Outcome>('all');
  const [page, setPage] = useState(1);
  const q = useDeferredValue(text.trim());
  const query = {
    q: q || undefined,
    successful: outcome === 'all' ? undefined : outcome === 'successful',
  };
  const offset = (page - 1) * LOGIN_PAGE_SIZE;
  const history = useServerData(`login-history?q=${q}&outcome=${outcome}&page=${page}`, (api, signal) =>
    api.client.get<LoginHistory>(
      '/api/admin/logins',
      { ...query, limit: LOGIN_PAGE_SIZE + 1, offset },
      signal,
    ),
  );
  const hasNext = (history.data?.events.length ?? 0) > LOGIN_PAGE_SIZE;
  const stamp = new Date(now).toISOString().slice(0, 10);

  return (
    <>
      <PageHeader
        title="Login history"
        description="Sign-in attempts of the last 14 days (LOGIN_HISTORY_RETENTION_HOURS): who, how, from where, and why a refused one failed."
        savedAt={history.savedAt}
        fromCache={history.fromCache}
        now={now}
        actions={
          <CsvDownload
            label="Download CSV"
            filename={`login-history-${stamp}.csv`}
            load={(api) =>
              api.client.get<string>('/api/admin/logins', { ...query, format: 'csv', limit: 10_000 })
            }
          />
        }
      />
      <LoginFilters
        text={text}
        outcome={outcome}
        onText={(value) => {
          setText(value);
          setPage(1);
        }}
        onOutcome={(value) => {
          setOutcome(value);
          setPage(1);
        }}
      />
      <QueryState query={history} noun="login attempts" isEmpty={(data) => data.events.length === 0}>
        {(data) => <LoginTable events={data.events.slice(0, LOGIN_PAGE_SIZE)} />}
      </QueryState>
      {page > 1 || hasNext ? (
        <LoginPager
          page={page}
          offset={offset}
          shown={Math.min(LOGIN_PAGE_SIZE, history.data?.events.length ?? 0)}
          hasNext={hasNext}
          onPage={setPage}
        />
      ) : null}
    </>
  );
}

/** The username/IP filter and the outcome switch; changing either goes back to the first page. */
function LoginFilters({
  text,
  outcome,
  onText,
  onOutcome,
}: {
  text: string;
  outcome: Outcome;
  onText: (text: string) => void;
  onOutcome: (outcome: Outcome) => void;
}) {
  return (
    <Group mb="md" align="flex-end">
      <TextInput
        label="Filter by username or IP address"
        value={text}
        maxLength={200}
        onChange={(event) => onText(event.currentTarget.value)}
      />
      <div>
        <Text size="sm" fw={500} id="login-outcome-label" mb={4}>
          Outcome
        </Text>
        <SegmentedControl
          aria-labelledby="login-outcome-label"
          value={outcome}
          onChange={(value) => onOutcome(value as Outcome)}
          data={[
            { value: 'all', label: 'All' },
            { value: 'successful', label: 'Successful' },
            { value: 'failed', label: 'Failed' },
          ]}
        />
      </div>
    </Group>
  );
}

/** One page of login attempts. */
function LoginTable({ events }: { events: LoginHistory['events'] }) {
  return (
    <ListTable
      minWidth={760}
      columns={['Time', 'Username', 'Authentication', 'IP address', 'Result', 'Failure reason']}
    >
      {events.map((event) => (
        <Table.Tr key={event.id} data-testid={`login-${event.id}`}>
          <Table.Td>{event.created_at ? new Date(event.created_at).toLocaleString() : '–'}</Table.Td>
          <Table.Td>
            <Text fw={600} size="sm">
              {event.username || '–'}
            </Text>
          </Table.Td>
          <Table.Td>{AUTH_LABELS[event.auth_type ?? ''] ?? event.auth_type ?? '–'}</Table.Td>
          <Table.Td>{event.ip || '–'}</Table.Td>
          <Table.Td>
            <Badge color={event.successful ? 'green' : 'red'} variant="light">
              {event.successful ? 'Success' : 'Failed'}
            </Badge>
          </Table.Td>
          <Table.Td>{event.failure_reason || ''}</Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

/** Previous and Next, with the page and the attempts it shows (`shown` of them from `offset`). */
function LoginPager({
  page,
  offset,
  shown,
  hasNext,
  onPage,
}: {
  page: number;
  offset: number;
  shown: number;
  hasNext: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <Group justify="flex-end" gap="xs" mt="sm" component="nav" aria-label="Login history pages">
      <Button variant="default" size="xs" disabled={page === 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Text size="sm" data-testid="login-page">
        Page {page} · attempts {offset + 1}–{offset + shown}
      </Text>
      <Button variant="default" size="xs" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Group>
  );
}
