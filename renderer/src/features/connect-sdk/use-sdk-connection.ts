import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AdminApi } from '../../api/admin-api';
import { isApiError } from '../../api/client';
import type { Application } from '../../api/types';
import { useConsole, useConsoleState } from '../../stores/console-context';
import { checkQueryKey } from '../../stores/server-queries';

/** How often the guide asks whether the SDK has shown up. */
export const CONNECTION_POLL_MS = 2_000;

/**
 * A registration older than this before the guide opened is an earlier run of the same application,
 * not the SDK being connected now. Generous, because the server's clock and this one may differ.
 */
const EARLIER_RUN_MS = 5 * 60_000;

export interface SeenApplication {
  appName: string;
  sdkVersion: string | null;
  /** Latest time any of its instances was seen (registration or metrics), when the server says. */
  lastSeen: string | null;
}

const enc = encodeURIComponent;

/** The application the server saw under `appName`, or null when no SDK has registered it. */
export async function loadSeenApplication(
  api: AdminApi,
  appName: string,
  signal?: AbortSignal,
): Promise<SeenApplication | null> {
  const base = `/api/admin/metrics/applications/${enc(appName)}`;
  let application: Application;
  try {
    application = await api.client.get<Application>(base, undefined, signal);
  } catch (error) {
    if (isApiError(error, 'NotFoundError')) return null;
    throw error;
  }
  const overview = await api.client
    .get<{ environments?: Array<{ lastSeen?: string | null }> }>(`${base}/overview`, undefined, signal)
    .catch(() => null);
  const seen = (overview?.environments ?? [])
    .map((environment) => environment.lastSeen)
    .filter((value): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value)))
    .sort((a, b) => Date.parse(b) - Date.parse(a));
  return {
    appName: application.appName,
    sdkVersion: application.sdkVersion ?? null,
    lastSeen: seen[0] ?? null,
  };
}

export interface SdkConnection {
  /** The application once it has been seen since the guide opened; null while waiting. */
  connected: SeenApplication | null;
  /** Set when the name is known from an earlier run that has not come back yet. */
  earlier: SeenApplication | null;
  error: unknown;
}

/**
 * Polls the server (through the console's query client, never persisted: it is only true now) for
 * the application named in the snippet, and stops once it is connected.
 */
export function useSdkConnection(appName: string, openedAt: number): SdkConnection {
  const consoleApi = useConsole();
  const profileId = useConsoleState((state) => state.activeProfileId);
  const name = appName.trim();
  const query = useQuery({
    queryKey: checkQueryKey(profileId, `connect-sdk:${name}`),
    queryFn: ({ signal }) => loadSeenApplication(consoleApi.api(), name, signal),
    enabled: name !== '',
    gcTime: 0,
    refetchInterval: (current) =>
      isRecent(current.state.data ?? null, openedAt) ? false : CONNECTION_POLL_MS,
    refetchIntervalInBackground: true,
  });
  const seen = query.data ?? null;
  const recent = isRecent(seen, openedAt);
  return {
    connected: recent ? seen : null,
    earlier: seen && !recent ? seen : null,
    error: query.error,
  };
}

function isRecent(seen: SeenApplication | null, openedAt: number): boolean {
  if (!seen) return false;
  // A server that does not report when it saw the instances: being registered is all we know.
  if (seen.lastSeen === null) return true;
  return Date.parse(seen.lastSeen) >= openedAt - EARLIER_RUN_MS;
}

export interface SdkRoots {
  /** Where SDKs reach this server: origin plus BASE_URI_PATH, or a desktop SDK listener's `…/api`. */
  roots: string[];
  /** True when the roots are the desktop app's SDK listener addresses. */
  fromSdkListener: boolean;
}

/**
 * The server root SDKs must use. In the desktop app, when the console manages the embedded server and
 * its SDK listener is exposed to the network, that listener's addresses (applications on other
 * machines cannot reach the loopback admin port); otherwise the console's own server URL.
 */
export function useSdkRoots(): SdkRoots {
  const consoleApi = useConsole();
  const serverUrl = consoleApi.api().client.baseUrl;
  const [listener, setListener] = useState<string[] | null>(null);
  useEffect(() => {
    const platform = consoleApi.services.platform;
    const shell = platform.desktop;
    if (!shell) return;
    let live = true;
    Promise.all([platform.embeddedServerUrl(), shell.network()])
      .then(([embedded, network]) => {
        if (!live || !embedded || embedded.replace(/\/+$/, '') !== serverUrl) return;
        if (!network.settings.sdkEnabled || network.addresses.length === 0) return;
        setListener(network.addresses.map((address) => address.url));
      })
      // Without the listener's addresses the console's own URL still works on this machine.
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [consoleApi, serverUrl]);
  return listener
    ? { roots: listener, fromSdkListener: true }
    : { roots: [serverUrl], fromSdkListener: false };
}
