import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useId } from 'react';
import type { Addon, AddonType } from '../../../../server/contract';
import { useOffline } from '../../components/OnlineOnlyButton/OnlineOnlyButton';
import { Link } from '../../router/navigation';
import { DeliveryState } from './DeliveryState';
import { createIntegrationPath, editIntegrationPath, integrationHistoryPath } from './integration-paths';

/** How a configured integration is called: its provider's name and the operator's description. */
export function integrationName(addon: Addon, provider: AddonType | undefined): string {
  const kind = provider?.displayName ?? addon.provider;
  return addon.description ? `${kind}: ${addon.description}` : `${kind} #${addon.id}`;
}

/** A switch for an online-only write: disabled while offline, with the reason on hover. */
export function OnlineOnlySwitch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const offline = useOffline();
  return (
    <Tooltip
      label="The server switches integrations: this needs a connection to the server"
      disabled={!offline}
    >
      <div>
        <Switch
          label="Enabled"
          aria-label={label}
          checked={checked}
          disabled={offline}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      </div>
    </Tooltip>
  );
}

/** One configured integration: what it is, whether it sends, how its deliveries go, and where to change it. */
export function ConfiguredIntegrationCard({
  addon,
  provider,
  onToggle,
  onResume,
}: {
  addon: Addon;
  provider: AddonType | undefined;
  onToggle: (enabled: boolean) => void;
  onResume: () => void;
}) {
  const name = integrationName(addon, provider);
  return (
    <Card
      component="article"
      withBorder
      padding="md"
      aria-label={name}
      data-testid={`integration-${addon.id}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0}>
            <Title order={3} size="h4">
              {provider?.displayName ?? addon.provider}
            </Title>
            <Text size="sm" c={addon.description ? undefined : 'dimmed'}>
              {addon.description || `Integration #${addon.id}`}
            </Text>
          </Stack>
          <OnlineOnlySwitch label={`Enable ${name}`} checked={addon.enabled} onChange={onToggle} />
        </Group>
        <DeliveryState addon={addon} name={name} onResume={onResume} />
        <Text size="xs" c="dimmed">
          {addon.events.length} {addon.events.length === 1 ? 'event' : 'events'} ·{' '}
          {addon.projects?.length ? addon.projects.join(', ') : 'all projects'} ·{' '}
          {addon.environments?.length ? addon.environments.join(', ') : 'all environments'}
        </Text>
        <Group gap="xs">
          <Button
            component={Link}
            to={editIntegrationPath(addon.id)}
            size="xs"
            variant="light"
            aria-label={`Configure ${name}`}
          >
            Configure
          </Button>
          <Button
            component={Link}
            to={integrationHistoryPath(addon.id)}
            size="xs"
            variant="subtle"
            aria-label={`Delivery history of ${name}`}
          >
            Delivery history
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** A provider the server offers: what it does, its documentation, notices, and a way to configure one. */
export function ProviderCard({ provider }: { provider: AddonType }) {
  const headingId = useId();
  return (
    <Card
      component="article"
      withBorder
      padding="md"
      aria-labelledby={headingId}
      data-testid={`provider-${provider.name}`}
    >
      <Stack gap="xs" h="100%">
        <Group gap="xs">
          <Title order={3} size="h4" id={headingId}>
            {provider.displayName}
          </Title>
          {provider.deprecated ? (
            <Badge color="yellow" variant="filled">
              Deprecated
            </Badge>
          ) : null}
        </Group>
        <Text size="sm">{provider.description}</Text>
        {provider.deprecated ? (
          <Alert color="yellow" variant="light" p="xs">
            <Text size="xs">{provider.deprecated}</Text>
          </Alert>
        ) : null}
        {(provider.alerts ?? []).map((alert) => (
          <Alert key={alert.text} color={ALERT_COLOR[alert.type]} variant="light" p="xs">
            <Text size="xs">
              {alert.text}{' '}
              {alert.link ? (
                <Anchor href={alert.link.url} target="_blank" rel="noreferrer" size="xs">
                  {alert.link.title ?? 'Read more'}
                </Anchor>
              ) : null}
            </Text>
          </Alert>
        ))}
        <Group gap="xs" mt="auto">
          <Button
            component={Link}
            to={createIntegrationPath(provider.name)}
            size="xs"
            aria-label={`Configure ${provider.displayName}`}
          >
            Configure
          </Button>
          <Anchor href={provider.documentationUrl} target="_blank" rel="noreferrer" size="sm">
            Documentation<VisuallyHidden> for {provider.displayName}</VisuallyHidden>
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}

const ALERT_COLOR = { success: 'green', info: 'blue', warning: 'yellow', error: 'red' } as const;
