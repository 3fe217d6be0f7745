/**
 * The console's paths: Unleash's UI paths (issue 24 part 1), so links our server writes and links
 * people carry over from Unleash open the same screen here.
 */
export type QueryValues = Record<string, string | number | null | undefined>;

const enc = encodeURIComponent;

export const DEFAULT_PATH = '/features';
export const LOGIN_PATH = '/login';

/** Pages for people who are not signed in (issue 24 part 2). */
export const SIGNED_OUT_PATHS: readonly string[] = [
  LOGIN_PATH,
  '/new-user',
  '/reset-password',
  '/forgotten-password',
];

export const projectPath = (projectId: string, tab?: string) =>
  `/projects/${enc(projectId)}${tab ? `/${tab}` : ''}`;
export const flagPath = (flag: { project: string; name: string }) =>
  `/projects/${enc(flag.project)}/features/${enc(flag.name)}`;
export const applicationPath = (appName: string) => `/applications/${enc(appName)}`;

/** `path?query` without empty values: what the router navigates to. */
export function withQuery(path: string, query: QueryValues = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return `${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
}

export function queryOf(search: string): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) query[key] = value;
  return query;
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** `/projects/:projectId/features/:featureId[/tab…]`: the flag a path names, if any. */
export function flagOfPath(path: string): { project: string; name: string } | null {
  const [root, project, features, name] = path.split('/').filter(Boolean);
  if (root !== 'projects' || !project || features !== 'features' || !name) return null;
  const decodedProject = decodeSegment(project);
  const decodedName = decodeSegment(name);
  return decodedProject !== null && decodedName !== null
    ? { project: decodedProject, name: decodedName }
    : null;
}

/** The old hash router's first path segments and where each screen lives now. */
const RENAMED: Record<string, string> = {
  projects: '/projects',
  flags: '/features',
  segments: '/segments',
  'context-fields': '/context',
  environments: '/environments',
  'tag-types': '/tag-types',
  'feature-types': '/feature-toggle-type',
  'api-tokens': '/admin/api',
  'personal-access-tokens': '/profile/personal-api-tokens',
  users: '/admin/users',
  roles: '/admin/roles',
  groups: '/admin/groups',
  'service-accounts': '/admin/service-accounts',
  'invite-links': '/admin/invite-links',
  events: '/history',
  applications: '/applications',
  outbox: '/console/pending-edits',
  connections: '/console/connections',
  server: '/console/server',
  'server-logs': '/console/server-logs',
  updates: '/console/updates',
};

/** Old first segments whose screen moved: as server paths (`/flags/…`) they redirect too. */
export const LEGACY_ROOTS: readonly string[] = Object.entries(RENAMED)
  .filter(([root, target]) => target !== `/${root}`)
  .map(([root]) => root);

/**
 * Where an old hash link (`#/flags/default/checkout`, `#/events?type=…`) leads now, query kept;
 * null when the hash is not one of the old router's paths.
 */
export function pathOfLegacyHash(hash: string): string | null {
  const raw = hash.replace(/^#/, '');
  if (!raw.startsWith('/')) return null;
  const [pathPart = '', search = ''] = raw.split('?', 2);
  const segments = pathPart.split('/').filter(Boolean);
  const query = queryOf(search);
  if (segments.length === 0) return withQuery(DEFAULT_PATH, query);
  const [root = '', ...rest] = segments;
  const target = RENAMED[root];
  if (target === undefined) return null;
  if (root === 'flags' && rest.length >= 2) {
    const [project = '', name = ''] = rest;
    const decodedProject = decodeSegment(project);
    const decodedName = decodeSegment(name);
    if (decodedProject === null || decodedName === null) return null;
    return withQuery(flagPath({ project: decodedProject, name: decodedName }), query);
  }
  // Sub-paths (a project id, an application name) keep their encoded form.
  return withQuery(rest.length > 0 ? `${target}/${rest.join('/')}` : target, query);
}

/**
 * The `redirect` a sign-in may follow: only a path of this console (relative, no scheme, no
 * `//host`, no backslash tricks), never the sign-in pages themselves.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  if (/[\u0000-\u001f]/.test(value)) return null;
  let parsed: URL;
  try {
    parsed = new URL(value, 'http://console.invalid');
  } catch {
    return null;
  }
  if (parsed.origin !== 'http://console.invalid') return null;
  if (SIGNED_OUT_PATHS.includes(parsed.pathname)) return null;
  return `${parsed.pathname}${parsed.search}`;
}
