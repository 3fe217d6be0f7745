import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { Link } from '../../router/navigation';
import { useServerWrite } from '../../stores/use-mutations';
import { useNow } from '../../stores/use-now';
import { ConfiguredIntegrationCard, ProviderCard } from './IntegrationCards';
import { bodyOf, integrationsApi } from './integrations-api';
import { useIntegrations } from './use-integrations';

/**
 * `/integrations`: the configured integrations (enabled switch, delivery state) above a card per
 * provider the server offers, and Signals for the other direction.
 */
export function IntegrationsGallery() {
  const now = useNow();
  const addons = useIntegrations();
  const write = useServerWrite({ kind: 'addon' });
  const [failure, setFailure] = useState<{ title: string; error: unknown } | null>(null);
  const configuredId = useId();
  const availableId = useId();

  const run = (title: string, call: Parameters<typeof write>[0]) => {
    setFailure(null);
    write(call).catch((error: unknown) => setFailure({ title, error }));
  };

  return (
    <>
      <PageHeader
        title="Integrations"
        description="Send flag changes to the tools your team works in. Each integration listens to the events you choose."
        savedAt={addons.savedAt}
        fromCache={addons.fromCache}
        now={now}
      />
      {failure ? <ErrorNotice error={failure.error} title={failure.title} /> : null}
      <QueryState query={addons} noun="integrations">
        {(data) => (
          <Stack gap="xl">
            <Stack gap="sm" component="section" aria-labelledby={configuredId}>
              <Title order={2} size="h3" id={configuredId}>
                Configured
              </Title>
              {data.addons.length === 0 ? (
                <Text c="dimmed" size="sm">
                  No integration is configured yet: pick a provider below.
                </Text>
              ) : (
                <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
                  {data.addons.map((addon) => (
                    <ConfiguredIntegrationCard
                      key={addon.id}
                      addon={addon}
                      provider={data.providers.find((provider) => provider.name === addon.provider)}
                      onToggle={(enabled) =>
                        run(
                          enabled ? 'The integration was not enabled' : 'The integration was not disabled',
                          (api) => integrationsApi(api.client).update(addon.id, bodyOf(addon, { enabled })),
                        )
                      }
                      onResume={() =>
                        run('Deliveries were not resumed', (api) =>
                          integrationsApi(api.client).resume(addon.id),
                        )
                      }
                    />
                  ))}
                </SimpleGrid>
              )}
            </Stack>
            <Stack gap="sm" component="section" aria-labelledby={availableId}>
              <Title order={2} size="h3" id={availableId}>
                Available
              </Title>
              <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
                {data.providers.map((provider) => (
                  <ProviderCard key={provider.name} provider={provider} />
                ))}
                <SignalsCard />
              </SimpleGrid>
            </Stack>
          </Stack>
        )}
      </QueryState>
    </>
  );
}

/** Signals live on their own screen (issue 15); the gallery points there, as Unleash's does. */
function SignalsCard() {
  const headingId = useId();
  return (
    <Card component="article" withBorder padding="md" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={3} size="h4" id={headingId}>
          Signals
        </Title>
        <Text size="sm">
          The other direction: outside systems post signals to this server, and actions react to them.
        </Text>
        <Anchor component={Link} to="/integrations/signals" size="sm">
          Open signal endpoints
        </Anchor>
      </Stack>
    </Card>
  );
}
