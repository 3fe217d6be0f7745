import { Anchor, Code, Switch, Table, Text } from '@mantine/core';
import { ListTable } from '../../components/ListTable/ListTable';
import { RowActions, RowDeleteButton, RowEditButton } from '../../components/RowActions/RowActions';
import type { useServerWrite } from '../../stores/use-mutations';
import { type SignalEndpoint, signalsApi } from './signals-api';

interface RowProps {
  urlOf: (name: string) => string;
  write: ReturnType<typeof useServerWrite>;
  onSelect: (endpoint: SignalEndpoint) => void;
  onEdit: (endpoint: SignalEndpoint) => void;
  onDelete: (endpoint: SignalEndpoint) => void;
}

/** The signal endpoints: name (opens its details), URL, tokens, the enabled switch, edit and delete. */
export function SignalEndpointTable({
  endpoints,
  ...props
}: RowProps & { endpoints: readonly SignalEndpoint[] }) {
  return (
    <ListTable minWidth={720} columns={['Name', 'URL', 'Tokens', 'Enabled', '']}>
      {endpoints.map((endpoint) => (
        <SignalEndpointRow key={endpoint.id} endpoint={endpoint} {...props} />
      ))}
    </ListTable>
  );
}

function SignalEndpointRow({
  endpoint,
  urlOf,
  write,
  onSelect,
  onEdit,
  onDelete,
}: RowProps & { endpoint: SignalEndpoint }) {
  return (
    <Table.Tr data-testid={`signal-endpoint-${endpoint.name}`}>
      <Table.Td>
        <Anchor component="button" type="button" onClick={() => onSelect(endpoint)}>
          {endpoint.name}
        </Anchor>
        {endpoint.description ? (
          <Text size="xs" c="dimmed">
            {endpoint.description}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Code>{urlOf(endpoint.name)}</Code>
      </Table.Td>
      <Table.Td>{endpoint.tokens.map((token) => token.name).join(', ') || '—'}</Table.Td>
      <Table.Td>
        <Switch
          aria-label={`Enable ${endpoint.name}`}
          checked={endpoint.enabled}
          onChange={(event) => {
            const enabled = event.currentTarget.checked;
            void write((api) => signalsApi(api.client).setEndpointEnabled(endpoint.id, enabled));
          }}
        />
      </Table.Td>
      <Table.Td>
        <RowActions>
          <RowEditButton label={endpoint.name} onClick={() => onEdit(endpoint)} />
          <RowDeleteButton label={endpoint.name} onClick={() => onDelete(endpoint)} />
        </RowActions>
      </Table.Td>
    </Table.Tr>
  );
}
