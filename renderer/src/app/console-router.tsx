import { Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  createBrowserRouter,
  createHashRouter,
  Navigate,
  Outlet,
  type RouteObject,
  useLocation as useRouterLocation,
} from 'react-router';
import { FirstPasswordScreen } from '../features/profile/FirstPasswordScreen';
import { SignInScreen } from '../features/sign-in/SignInScreen';
import { ForgottenPasswordPage } from '../features/signed-out/ForgottenPasswordPage';
import { NewUserPage } from '../features/signed-out/NewUserPage';
import { ResetPasswordPage } from '../features/signed-out/ResetPasswordPage';
import type { Platform } from '../platform/platform';
import { setActiveRouter } from '../router/navigation';
import {
  DEFAULT_PATH,
  LEGACY_ROOTS,
  LOGIN_PATH,
  pathOfLegacyHash,
  queryOf,
  safeRedirect,
  withQuery,
} from '../router/paths';
import { useConsoleState } from '../stores/console-context';
import { ConsoleShell, NoScreen } from './ConsoleShell/ConsoleShell';
import { PermissionGate } from './route-permissions';
import { ROUTES } from './routes';

/**
 * Browser history with the document's base as basename when the server serves the console
 * (reloads and pasted links open the same screen); the URL hash inside the desktop window, whose
 * page may come from a file or be reloaded by main, and whose CSP refuses a <base> on deep paths.
 */
export type RouterMode = 'browser' | 'hash';

export function routerModeFor(platform: Platform, win: Window): RouterMode {
  return platform.kind === 'desktop' || win.location.protocol === 'file:' ? 'hash' : 'browser';
}

/** BASE_URI_PATH as the page sees it: the server adds a <base> on deep paths. */
export function documentBasename(doc: Document): string {
  try {
    return new URL('.', doc.baseURI).pathname.replace(/\/+$/, '') || '/';
  } catch {
    return '/';
  }
}

/**
 * Old hash links (`#/flags?project=x`) become today's path before the router reads the URL; in
 * the desktop window they stay hashes, with the new path.
 */
export function adoptLegacyHash(win: Window, mode: RouterMode, basename: string): void {
  const target = pathOfLegacyHash(win.location.hash);
  if (target === null) return;
  if (mode === 'hash') {
    if (win.location.hash !== `#${target}`) win.history.replaceState(null, '', `#${target}`);
    return;
  }
  win.history.replaceState(null, '', `${basename === '/' ? '' : basename}${target}`);
}

function Connecting() {
  return (
    <Center mih="100vh">
      <Stack align="center" gap="xs">
        <Loader />
        <Text size="sm" c="dimmed">
          Connecting to the server…
        </Text>
      </Stack>
    </Center>
  );
}

/** Nothing is routed until the console knows its server and whether someone is signed in. */
function SessionGate() {
  const ready = useConsoleState((state) => state.ready);
  const checking = useConsoleState((state) => state.session.status === 'checking');
  return !ready || checking ? <Connecting /> : <Outlet />;
}

/** A signed-out person asking for a screen signs in first and then lands on it. */
function SignedInOnly({ children }: { children: ReactNode }) {
  const signedIn = useConsoleState((state) => state.session.status === 'signed-in');
  const mustChangePassword = useConsoleState(
    (state) => state.session.status === 'signed-in' && state.session.user?.passwordChangeRequired === true,
  );
  const { pathname, search } = useRouterLocation();
  // Issue 33 §1: the generated first password is replaced before any screen opens.
  if (mustChangePassword) return <FirstPasswordScreen />;
  if (signedIn) return children;
  const asked = `${pathname}${search}`;
  const redirect = pathname === '/' || asked === DEFAULT_PATH ? null : safeRedirect(asked);
  return <Navigate to={withQuery(LOGIN_PATH, { redirect })} replace />;
}

function SignInRoute() {
  const signedIn = useConsoleState((state) => state.session.status === 'signed-in');
  const { search } = useRouterLocation();
  if (!signedIn) return <SignInScreen />;
  return <Navigate to={safeRedirect(queryOf(search).redirect) ?? DEFAULT_PATH} replace />;
}

/** `/flags/…`, `/events`, … (the paths before issue 24) lead to where those screens are now. */
function LegacyRedirect() {
  const { pathname, search } = useRouterLocation();
  return <Navigate to={pathOfLegacyHash(`#${pathname}${search}`) ?? DEFAULT_PATH} replace />;
}

export function consoleRoutes(): RouteObject[] {
  const screens: RouteObject[] = ROUTES.flatMap((route) => {
    const element = (
      <PermissionGate key={route.path} route={route}>
        <route.screen.Screen />
      </PermissionGate>
    );
    return route.subPages
      ? [
          { path: route.path, element },
          { path: `${route.path}/*`, element },
        ]
      : [{ path: route.path, element }];
  });
  return [
    {
      element: <SessionGate />,
      children: [
        { path: LOGIN_PATH, element: <SignInRoute /> },
        { path: '/new-user', element: <NewUserPage /> },
        { path: '/reset-password', element: <ResetPasswordPage /> },
        { path: '/forgotten-password', element: <ForgottenPasswordPage /> },
        // Where the server's POST /logout sends a browser, as Unleash's does.
        { path: '/signed-out', element: <Navigate to={LOGIN_PATH} replace /> },
        ...LEGACY_ROOTS.flatMap((root) => [
          { path: `/${root}`, element: <LegacyRedirect /> },
          { path: `/${root}/*`, element: <LegacyRedirect /> },
        ]),
        {
          element: (
            <SignedInOnly>
              <ConsoleShell />
            </SignedInOnly>
          ),
          children: [
            { index: true, element: <Navigate to={DEFAULT_PATH} replace /> },
            ...screens,
            { path: '/admin/sso', element: <Navigate to="/admin/auth" replace /> },
            { path: '*', element: <NoScreen /> },
          ],
        },
      ],
    },
  ];
}

export interface ConsoleRouter {
  router: ReturnType<typeof createBrowserRouter>;
  dispose(): void;
}

/** The page's router; `navigate()` of router/navigation drives it until disposed. */
export function createConsoleRouter(win: Window, mode: RouterMode, basename: string): ConsoleRouter {
  adoptLegacyHash(win, mode, basename);
  const router =
    mode === 'hash'
      ? createHashRouter(consoleRoutes(), { window: win })
      : createBrowserRouter(consoleRoutes(), { basename, window: win });
  setActiveRouter(router);
  // An old `#/…` link clicked or pasted while the console runs.
  const onHashChange = () => {
    if (mode === 'hash') return;
    const target = pathOfLegacyHash(win.location.hash);
    if (target !== null) void router.navigate(target, { replace: true });
  };
  win.addEventListener('hashchange', onHashChange);
  return {
    router,
    dispose() {
      win.removeEventListener('hashchange', onHashChange);
      setActiveRouter(null);
      router.dispose();
    },
  };
}
