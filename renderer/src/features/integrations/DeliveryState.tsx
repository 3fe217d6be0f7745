import { Badge, Group, Text, Tooltip } from '@mantine/core';
import type { Addon } from '../../../../server/contract';
import { OnlineOnlyButton } from '../../components/OnlineOnlyButton/OnlineOnlyButton';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';

const STATE_LABEL = { active: 'Active', paused: 'Paused', disabled: 'Disabled' } as const;
const STATE_COLOR = { active: 'green', paused: 'orange', disabled: 'gray' } as const;

/**
 * How an integration delivers: active, paused after repeated failures (why, until when, and Resume),
 * or disabled; with the events still waiting and the last successful delivery.
 */
export function DeliveryState({
  addon,
  name,
  onResume,
}: {
  addon: Addon;
  /** The integration as people call it, for the Resume button's accessible name. */
  name: string;
  onResume: () => void;
}) {
  const delivery = addon.delivery;
  const state = delivery?.state ?? (addon.enabled ? 'active' : 'disabled');
  return (
    <Group gap="xs" wrap="wrap" data-testid="delivery-state">
      <Tooltip label={delivery?.lastError ?? ''} disabled={state !== 'paused' || !delivery?.lastError}>
        <Badge color={STATE_COLOR[state]} variant="light">
          {STATE_LABEL[state]}
        </Badge>
      </Tooltip>
      {state === 'paused' ? (
        <>
          <Text size="xs" c="dimmed">
            {delivery?.lastError
              ? `After repeated failures: ${delivery.lastError}. `
              : 'After repeated failures. '}
            {delivery?.pausedUntil ? (
              <>
                Retries <RelativeTime value={delivery.pausedUntil} />.
              </>
            ) : null}
          </Text>
          <OnlineOnlyButton
            size="compact-xs"
            variant="light"
            reason="The server resumes deliveries"
            aria-label={`Resume ${name}`}
            onClick={onResume}
          >
            Resume
          </OnlineOnlyButton>
        </>
      ) : null}
      {delivery ? (
        <Text size="xs" c="dimmed">
          {delivery.pendingEvents} pending · last delivered{' '}
          <RelativeTime value={delivery.lastDeliveredAt} fallback="never" />
        </Text>
      ) : null}
    </Group>
  );
}
