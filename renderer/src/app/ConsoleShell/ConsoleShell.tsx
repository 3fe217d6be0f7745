import {
  AppShell,
  Burger,
  Button,
  Group,
  Kbd,
  List,
  Menu,
  Modal,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useHotkeys, useOs } from '@mantine/hooks';
import { type MouseEvent, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { BannerBar } from '../../features/instance-admin/BannerBar';
import { instanceAdminApi } from '../../features/instance-admin/instance-admin-api';
import { MaintenanceNotice, MaintenanceProvider } from '../../features/instance-admin/MaintenanceProvider';
import { ScreenErrorBoundary } from '../../features/instance-admin/ScreenErrorBoundary';
import { WelcomePanel } from '../../features/instance-admin/WelcomePanel';
import { Link, navigate, useLocation } from '../../router/navigation';
import { useConsole, useConsoleState } from '../../stores/console-context';
import { useProfileOutbox } from '../../stores/use-outbox';
import { CommandBar } from '../CommandBar/CommandBar';
import { ScreenLoading } from '../lazy-screen';
import { OfflineBanner } from '../OfflineBanner/OfflineBanner';
import { useAllowedRoutes } from '../route-permissions';
import { DEFAULT_PATH, findRoute, ROUTES } from '../routes';
import classes from './ConsoleShell.module.css';
import { ConsoleNav, HeaderTools } from './ConsoleShellParts';

const USER_MENU_LABEL = 'user-menu-label';

function SearchIcon() {
  return (
    <svg
      className={classes.searchIcon}
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}

function ConnectionIndicator() {
  const connectivity = useConsoleState((state) => state.connectivity);
  const profile = useConsoleState((state) => state.profiles.find((p) => p.id === state.activeProfileId));
  const serverUrl = useConsoleState((state) => state.serverUrl);
  const label =
    connectivity === 'online' ? 'Connected' : connectivity === 'offline' ? 'Offline' : 'Connecting';
  return (
    <Tooltip label={`${label}: ${serverUrl ?? 'no server'}`}>
      <UnstyledButton
        className={classes.connection}
        onClick={() => navigate('/console/connections')}
        data-testid="connection-indicator"
      >
        <span className={classes.dot} data-state={connectivity} />
        {/* Out of sight, not out of the accessibility tree, on narrow windows: the button's name. */}
        <Text size="sm" className={classes.narrowHidden}>
          {profile?.name ?? 'This server'}
        </Text>
      </UnstyledButton>
    </Tooltip>
  );
}

const SIGN_IN_METHOD_LABELS: Record<string, string> = {
  token: 'Signed in with a token',
  open: 'This server asks for no sign-in',
};

/**
 * The user menu's dropdown. A menu may only own menu items and groups (axe
 * aria-required-children): the label names a group instead of standing in the menu as plain text.
 */
function UserMenuItems({ method, onSignOut }: { method: string | undefined; onSignOut: () => void }) {
  return (
    <Menu.Dropdown>
      <fieldset className={classes.menuGroup} aria-labelledby={USER_MENU_LABEL}>
        <Menu.Label id={USER_MENU_LABEL}>
          {SIGN_IN_METHOD_LABELS[method ?? ''] ?? 'Signed in with a password'}
        </Menu.Label>
        <Menu.Item data-autofocus onClick={() => navigate('/console/connections')}>
          Connections
        </Menu.Item>
        {method !== 'open' ? (
          <Menu.Item className={classes.signOut} onClick={onSignOut}>
            Sign out
          </Menu.Item>
        ) : null}
      </fieldset>
    </Menu.Dropdown>
  );
}

function UserMenu() {
  const consoleApi = useConsole();
  const session = useConsoleState((state) => state.session);
  const pending = useProfileOutbox();
  const [confirming, setConfirming] = useState(false);
  if (session.status !== 'signed-in') return null;
  const name =
    session.user?.name ||
    session.user?.username ||
    session.user?.email ||
    (session.method === 'open' ? 'Open access' : 'Signed in');

  const signOut = () => {
    if (pending.length > 0) setConfirming(true);
    else void consoleApi.signOut();
  };

  return (
    <>
      {/* No hidden focus placeholder (a focusable role="presentation" child of the menu fails axe's
          aria-required-children): opening focuses the first item, as the WAI-ARIA menu pattern does. */}
      <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <Button
            variant="subtle"
            color="gray"
            size="sm"
            data-testid="user-menu"
            title={name}
            classNames={{ root: classes.userButton, label: classes.userLabel }}
          >
            <span className={classes.userName}>{name}</span>
          </Button>
        </Menu.Target>
        <UserMenuItems method={session.method} onSignOut={signOut} />
      </Menu>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Sign out with unsent edits?">
        <Stack gap="sm">
          <Text size="sm">These edits have not reached the server. Signing out discards them:</Text>
          <List size="sm">
            {pending.map((entry) => (
              <List.Item key={entry.id}>{entry.summary}</List.Item>
            ))}
          </List>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Stay signed in
            </Button>
            <Button
              color="red"
              onClick={() => {
                setConfirming(false);
                void consoleApi.signOut({ discardPending: true });
              }}
            >
              Discard and sign out
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** Focuses the screen without the router seeing a `#main-content` navigation. */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById('main-content')?.focus();
}

interface HeaderBarProps {
  navOpened: boolean;
  onToggleNav: () => void;
  onOpenCommand: () => void;
  pendingCount: number;
  blocked: boolean;
}

/** The header: the navigation's burger, the brand, the command bar's button, and the tools. */
function HeaderBar({ navOpened, onToggleNav, onOpenCommand, pendingCount, blocked }: HeaderBarProps) {
  const os = useOs();
  return (
    <Group h="100%" px={{ base: 'xs', xs: 'md' }} gap="xs" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom="md" size="sm" aria-label="Navigation" />
        <Link to={DEFAULT_PATH} className={classes.brand} aria-label="Switchyard">
          <span className={classes.logo} aria-hidden />
          <span className={classes.brandName}>Switchyard</span>
        </Link>
      </Group>
      <UnstyledButton className={classes.commandButton} onClick={onOpenCommand} data-testid="command-button">
        <Text size="sm" c="dimmed" className={classes.commandLabel}>
          Jump to a screen or flag…
        </Text>
        <SearchIcon />
        <Kbd size="xs" visibleFrom="sm">
          {os === 'macos' || os === 'ios' ? '⌘' : 'Ctrl'} K
        </Kbd>
      </UnstyledButton>
      <HeaderTools
        pendingCount={pendingCount}
        blocked={blocked}
        connection={<ConnectionIndicator />}
        user={<UserMenu />}
      />
    </Group>
  );
}

/** The signed-in console: header with the command bar, navigation for every area, and the screen. */
export function ConsoleShell() {
  const location = useLocation();
  const [navOpened, nav] = useDisclosure(false);
  const [commandOpened, command] = useDisclosure(false);
  const pending = useProfileOutbox();
  const blocked = pending.some((entry) => entry.state.status !== 'pending');
  const route = findRoute(location.path);
  const routes = useAllowedRoutes(ROUTES);
  const consoleApi = useConsole();
  // A failing screen is reported for administrators (issue 19); a failed report is not retried.
  const reportError = (message: string, stack: string | undefined) =>
    void instanceAdminApi(consoleApi.api().client)
      .recordUiError(message, stack)
      .catch(() => undefined);

  useHotkeys([['mod+K', () => command.toggle()]], []);
  useEffect(() => {
    document.title = route ? `${route.label} · Switchyard` : 'Switchyard';
  }, [route]);
  // The desktop app's menu and tray open screens of the console.
  const desktop = consoleApi.services.platform.desktop;
  useEffect(
    () =>
      desktop?.onShowView((view) =>
        navigate(view === 'server-logs' ? '/console/server-logs' : '/console/server'),
      ),
    [desktop],
  );

  return (
    <MaintenanceProvider>
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: 250, breakpoint: 'md', collapsed: { mobile: !navOpened } }}
        padding="lg"
      >
        <AppShell.Header className={classes.header}>
          {/* The first stop of the keyboard: past the header and the navigation, into the screen. */}
          {/* biome-ignore lint/a11y/useValidAnchor: a real link to #main-content without JavaScript; the click only keeps the router's hash out of it */}
          <a href="#main-content" className={classes.skipLink} onClick={skipToContent}>
            Skip to content
          </a>
          <HeaderBar
            navOpened={navOpened}
            onToggleNav={nav.toggle}
            onOpenCommand={command.open}
            pendingCount={pending.length}
            blocked={blocked}
          />
        </AppShell.Header>
        <AppShell.Navbar className={classes.navbar}>
          <ConsoleNav
            routes={routes}
            currentPath={route?.path}
            pendingCount={pending.length}
            blocked={blocked}
            onNavigate={nav.close}
          />
        </AppShell.Navbar>
        {/* data-pathname says which screen is drawn once a navigation has committed (e2e waits on it). */}
        <AppShell.Main className={classes.main} id="main-content" tabIndex={-1} data-pathname={location.path}>
          <OfflineBanner />
          <MaintenanceNotice />
          <BannerBar />
          <WelcomePanel />
          <ScreenErrorBoundary key={location.path} onError={reportError}>
            {/* Inside the shell, so the header and navigation stay while a screen's chunk loads. */}
            <Suspense fallback={<ScreenLoading />}>
              <Outlet />
            </Suspense>
          </ScreenErrorBoundary>
        </AppShell.Main>
        <CommandBar opened={commandOpened} onClose={command.close} />
      </AppShell>
    </MaintenanceProvider>
  );
}

/** A path the console does not know. */
export function NoScreen() {
  const { path } = useLocation();
  const os = useOs();
  return (
    <Stack gap="xs">
      <Text fw={600}>There is no screen at {path}.</Text>
      <Text size="sm" c="dimmed">
        Use the navigation or press {os === 'macos' ? '⌘' : 'Ctrl'} K.
      </Text>
    </Stack>
  );
}
