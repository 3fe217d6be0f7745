import { Badge, Group, Text, Timeline } from '@mantine/core';
import { createFlagPageApi } from '../../api/flag-api';
import type { AuditEvent } from '../../api/types';
import { QueryState } from '../../components/QueryState/QueryState';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import { useServerData } from '../../stores/use-server-data';

/** `feature-environment-enabled` → "Feature environment enabled". */
function eventTitle(type: string): string {
  const words = type.replace(/-/g, ' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

export function newestFirst(events: readonly AuditEvent[]): AuditEvent[] {
  return [...events].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id);
}

/** What happened to the flag, newest first (`GET /api/admin/events/:featureName`, the last 100). */
export function FlagTimeline({ name }: { name: string }) {
  const events = useServerData(`flag-events:${name}`, (api, signal) =>
    createFlagPageApi(api.client).events(name, signal),
  );
  return (
    <QueryState query={events} noun="events" isEmpty={(data) => data.events.length === 0}>
      {(data) => (
        <>
          <Timeline bulletSize={12} lineWidth={2} data-testid="flag-timeline">
            {newestFirst(data.events).map((event) => (
              <Timeline.Item
                key={event.id}
                title={
                  <Group gap="xs">
                    <Text size="sm" fw={600}>
                      {eventTitle(event.type)}
                    </Text>
                    {event.environment ? (
                      <Badge size="xs" variant="light">
                        {event.environment}
                      </Badge>
                    ) : null}
                  </Group>
                }
              >
                <Text size="xs" c="dimmed">
                  <RelativeTime value={event.createdAt} /> by {event.createdBy}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
          {data.totalEvents > data.events.length ? (
            <Text size="xs" c="dimmed" mt="sm">
              The newest {data.events.length} of {data.totalEvents.toLocaleString()} events; the event log has
              them all.
            </Text>
          ) : null}
        </>
      )}
    </QueryState>
  );
}
