import type { AdminApi } from '../../api/admin-api';

/** The part of `GET /api/admin/ui-config` the CORS screen reads. */
export interface FrontendSettings {
  frontendApiOrigins: string[];
  unleashUrl: string;
}

export function corsApi(api: AdminApi) {
  const { client } = api;
  return {
    settings: () => client.get<FrontendSettings>('/api/admin/ui-config'),
    setOrigins: (frontendApiOrigins: readonly string[]) =>
      client.post<unknown>('/api/admin/ui-config/cors', { frontendApiOrigins }),
  };
}

/** One origin a line; blanks and repeats dropped. */
export function parseOrigins(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\n,]/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * A browser sends `Origin: scheme://host[:port]`, nothing more, so an entry with a path or a typo
 * never matches; `*` allows every origin.
 */
export function originProblem(origin: string): string | null {
  if (origin === '*') return null;
  try {
    // The server refuses wildcards inside an origin (as Unleash does), though URL parses them.
    if (!origin.includes('*') && new URL(origin).origin === origin) return null;
  } catch {
    // not a URL at all
  }
  return `${origin} is not an origin like https://app.example.com (scheme, host and port only)`;
}
