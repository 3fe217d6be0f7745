import { AppShell, Badge, Box, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ActionableBadge } from '../../features/change-requests/ActionableBadge';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { Link } from '../../router/navigation';
import { ColorSchemeToggle } from '../ColorSchemeToggle/ColorSchemeToggle';
import { NAV_GROUPS, type ScreenRoute } from '../routes';
import classes from './ConsoleShell.module.css';

interface PendingProps {
  pendingCount: number;
  /** Some pending edit is refused or conflicting, not just waiting. */
  blocked: boolean;
}

/** The navigation of every area the user may open, pending edits counted beside their screen. */
export function ConsoleNav({
  routes,
  currentPath,
  pendingCount,
  blocked,
  onNavigate,
}: PendingProps & {
  routes: readonly ScreenRoute[];
  currentPath: string | undefined;
  onNavigate: () => void;
}) {
  return (
    <AppShell.Section grow component={ScrollArea} px="xs" py="sm">
      <nav aria-label="Console areas">
        {NAV_GROUPS.map((group) => (
          <div key={group} className={classes.group}>
            <Text size="xs" fw={700} c="dimmed" className={classes.groupLabel}>
              {group}
            </Text>
            {routes
              .filter((item) => item.group === group)
              .map((item) => (
                <NavLink
                  key={item.path}
                  component={Link}
                  to={item.path}
                  label={item.label}
                  active={currentPath === item.path}
                  onClick={onNavigate}
                  className={classes.link}
                  rightSection={
                    item.path === '/console/pending-edits' && pendingCount > 0 ? (
                      <Badge size="sm" color={blocked ? 'red' : 'yellow'} circle>
                        {pendingCount}
                      </Badge>
                    ) : null
                  }
                />
              ))}
          </div>
        ))}
      </nav>
    </AppShell.Section>
  );
}

/** The header's right side: pending edits, notifications, change requests, colour scheme, connection, user. */
export function HeaderTools({
  pendingCount,
  blocked,
  connection,
  user,
}: PendingProps & { connection: ReactNode; user: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {pendingCount > 0 ? (
        <Badge
          visibleFrom="sm"
          component={Link}
          to="/console/pending-edits"
          color={blocked ? 'red' : 'yellow'}
          variant="light"
          className={classes.pending}
          data-testid="pending-count"
        >
          {pendingCount} pending
        </Badge>
      ) : null}
      <NotificationBell />
      {/* Narrow windows reach both through the navigation, which counts pending edits. */}
      <Box visibleFrom="sm">
        <ActionableBadge />
      </Box>
      <ColorSchemeToggle />
      {connection}
      {user}
    </Group>
  );
}
