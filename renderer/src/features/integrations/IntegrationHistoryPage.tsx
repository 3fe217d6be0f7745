import { Anchor, Button, Group } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { Link, replaceQuery, useLocation } from '../../router/navigation';
import { useNow } from '../../stores/use-now';
import { useServerData } from '../../stores/use-server-data';
import { DeliveryHistoryTable } from './DeliveryHistory';
import { integrationName } from './IntegrationCards';
import { editIntegrationPath, INTEGRATIONS_PATH } from './integration-paths';
import { HISTORY_PAGE_SIZE, integrationsApi } from './integrations-api';
import { useIntegrations } from './use-integrations';

/** `/integrations/edit/:id/history?offset=`: what was delivered to an integration, page by page. */
export function IntegrationHistoryPage({ id }: { id: number }) {
  const now = useNow();
  const { path, query } = useLocation();
  const offset = Math.max(0, Math.floor(Number(query.offset) || 0));
  const addons = useIntegrations();
  const history = useServerData(`addon-events:${id}:${offset}`, (api) =>
    integrationsApi(api.client).events(id, offset),
  );
  const addon = addons.data?.addons.find((item) => item.id === id);
  const provider = addons.data?.providers.find((item) => item.name === addon?.provider);
  const name = addon ? integrationName(addon, provider) : `integration #${id}`;

  return (
    <>
      <PageHeader
        title={`Delivery history of ${name}`}
        description="Each event sent to this integration, with the receiver's answer; failed ones are tried again later."
        savedAt={history.savedAt}
        fromCache={history.fromCache}
        now={now}
        actions={
          <Button variant="default" onClick={history.reload} loading={history.loading}>
            Refresh
          </Button>
        }
      />
      <Group gap="md" mb="md">
        <Anchor component={Link} to={INTEGRATIONS_PATH} size="sm">
          ← All integrations
        </Anchor>
        <Anchor component={Link} to={editIntegrationPath(id)} size="sm">
          Configure {name}
        </Anchor>
      </Group>
      <QueryState query={history} noun="deliveries">
        {(data) => (
          <DeliveryHistoryTable
            name={name}
            rows={data.integrationEvents}
            offset={offset}
            pageSize={HISTORY_PAGE_SIZE}
            onPage={(next) => replaceQuery(path, { offset: next || null })}
          />
        )}
      </QueryState>
    </>
  );
}
