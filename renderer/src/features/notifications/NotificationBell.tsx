import { ActionIcon, Button, Group, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Notification } from '../../../../server/contract';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import { Link } from '../../router/navigation';
import { useConsole } from '../../stores/console-context';
import { useServerData } from '../../stores/use-server-data';
import classes from './NotificationBell.module.css';
import {
  listNotifications,
  markNotificationsRead,
  NOTIFICATION_POLL_MS,
  NOTIFICATIONS_KEY,
} from './notification-api';

function BellIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const unread = notification.readAt === null;
  return (
    <Link to={notification.link} className={classes.item} onClick={onOpen} data-testid="notification">
      <Text size="sm" className={unread ? classes.unread : undefined}>
        {unread ? <span className={classes.dot} role="img" aria-label="Unread" /> : null}
        {notification.message}
      </Text>
      <Text size="xs" c="dimmed">
        {notification.createdBy.username ? `${notification.createdBy.username} · ` : ''}
        <RelativeTime value={notification.createdAt} />
      </Text>
    </Link>
  );
}

/** The user's notifications, asked again every NOTIFICATION_POLL_MS, and a way to mark some read. */
function usePolledNotifications() {
  const consoleApi = useConsole();
  const notifications = useServerData(NOTIFICATIONS_KEY, listNotifications);
  const { reload } = notifications;

  // biome-ignore lint/correctness/useExhaustiveDependencies: one timer for the bell's lifetime
  useEffect(() => {
    const timer = setInterval(reload, NOTIFICATION_POLL_MS);
    return () => clearInterval(timer);
  }, []);

  const markRead = async (ids: number[]) => {
    if (ids.length === 0) return;
    await markNotificationsRead(consoleApi.api(), ids);
    reload();
  };
  return { all: notifications.data, markRead };
}

/** The popover's content: the list, newest first as the server sends it, or why it is empty. */
function NotificationList({
  all,
  unread,
  onMarkAllRead,
  onOpen,
}: {
  all: readonly Notification[];
  unread: readonly Notification[];
  onMarkAllRead: () => void;
  onOpen: (notification: Notification) => void;
}) {
  return (
    <Stack gap="xs" role="region" aria-label="Notifications">
      <Group justify="space-between">
        <Text fw={600}>Notifications</Text>
        <Button size="compact-xs" variant="subtle" disabled={unread.length === 0} onClick={onMarkAllRead}>
          Mark all read
        </Button>
      </Group>
      {all.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing yet. Change requests waiting for your review, failed schedules and your flags turning stale
          show up here.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={420} className={classes.list}>
          <Stack gap={2}>
            {all.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                onOpen={() => onOpen(notification)}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}

/**
 * The shell's bell (issue 19): the signed-in user's unread count, asked again every
 * NOTIFICATION_POLL_MS; the list opens each notification's subject and marks it read. Callers
 * without an inbox (an admin API token) see no bell.
 */
export function NotificationBell() {
  const { all, markRead } = usePolledNotifications();
  const [opened, setOpened] = useState(false);

  if (!all) return null;
  const unread = all.filter((notification) => notification.readAt === null);

  return (
    // The count sits on the button, outside the popover's target, which hands its ARIA to the button.
    <Indicator label={unread.length} size={16} disabled={unread.length === 0} offset={4}>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={380}
        withinPortal
        shadow="md"
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={`Notifications, ${unread.length} unread`}
            onClick={() => setOpened((open) => !open)}
            data-testid="notification-bell"
          >
            <BellIcon />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <NotificationList
            all={all}
            unread={unread}
            onMarkAllRead={() => void markRead(unread.map((notification) => notification.id))}
            onOpen={(notification) => {
              setOpened(false);
              if (notification.readAt === null) void markRead([notification.id]);
            }}
          />
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
