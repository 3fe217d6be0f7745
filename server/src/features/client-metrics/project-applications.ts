import type {
  OutdatedSdks,
  ProjectApplication,
  ProjectApplications,
  ProjectApplicationsQuery,
} from '../../../contract';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/errors';
import { createProjectCatalog } from '../access';
import { isOutdatedSdk } from './outdated-sdks';
import { createProjectApplicationsStore } from './project-applications-store';

/** `name:version` as SDKs register it, split at the last colon; a bare string is a name alone. */
function splitSdk(sdkVersion: string): { name: string; version: string | null } {
  const at = sdkVersion.lastIndexOf(':');
  return at < 0
    ? { name: sdkVersion, version: null }
    : { name: sdkVersion.slice(0, at), version: sdkVersion.slice(at + 1) };
}

type Instance = { instanceId: string; environment: string; sdkVersion: string | null };

/** One application as the project's applications tab shows it (pure). */
export function toProjectApplication(
  name: string,
  environments: ReadonlySet<string>,
  instances: readonly Instance[],
): ProjectApplication {
  const inProject = instances.filter((instance) => environments.has(instance.environment));
  const sdks = new Map<string, Set<string>>();
  for (const { sdkVersion } of inProject) {
    if (!sdkVersion) continue;
    const { name: sdk, version } = splitSdk(sdkVersion);
    const versions = sdks.get(sdk) ?? new Set<string>();
    if (version) versions.add(version);
    sdks.set(sdk, versions);
  }
  return {
    name,
    environments: [...environments].sort(),
    instances: [...new Set(inProject.map((instance) => instance.instanceId))].sort(),
    sdks: [...sdks]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([sdk, versions]) => ({ name: sdk, versions: [...versions].sort() })),
  };
}

/** Project applications and the project's outdated SDKs (issue 31 §5). */
export function createProjectApplications(db: Db) {
  const store = createProjectApplicationsStore(db);
  const catalog = createProjectCatalog(db);

  async function environmentsByApp(project: string): Promise<Map<string, Set<string>>> {
    if (!(await catalog.projectExists(project))) throw notFound(`Could not find project with id ${project}`);
    const byApp = new Map<string, Set<string>>();
    for (const { appName, environment } of await store.appEnvironments(project)) {
      byApp.set(appName, (byApp.get(appName) ?? new Set()).add(environment));
    }
    return byApp;
  }

  return {
    async list(project: string, query: ProjectApplicationsQuery): Promise<ProjectApplications> {
      const byApp = await environmentsByApp(project);
      const needle = query.query?.trim().toLowerCase();
      const names = [...byApp.keys()]
        .filter((name) => !needle || name.toLowerCase().includes(needle))
        .sort((a, b) => a.localeCompare(b));
      if (query.sortOrder === 'desc') names.reverse();
      const offset = query.offset ?? 0;
      const page = names.slice(offset, offset + (query.limit ?? 25));
      const instances = await store.instancesOf(page);
      return {
        total: names.length,
        applications: page.map((name) =>
          toProjectApplication(
            name,
            byApp.get(name) ?? new Set(),
            instances.filter((instance) => instance.appName === name),
          ),
        ),
      };
    },

    async outdatedSdks(project: string): Promise<OutdatedSdks> {
      const byApp = await environmentsByApp(project);
      const instances = await store.instancesOf([...byApp.keys()]);
      return groupOutdated(
        instances.filter((instance) => byApp.get(instance.appName)?.has(instance.environment)),
      );
    },
  };
}

/** The outdated SDK versions among `name:version` registrations, with the applications using each. */
export function groupOutdated(
  rows: ReadonlyArray<{ appName: string; sdkVersion: string | null }>,
): OutdatedSdks {
  const bySdk = new Map<string, Set<string>>();
  for (const { appName, sdkVersion } of rows) {
    if (!sdkVersion || !isOutdatedSdk(sdkVersion)) continue;
    bySdk.set(sdkVersion, (bySdk.get(sdkVersion) ?? new Set()).add(appName));
  }
  return {
    sdks: [...bySdk]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([sdkVersion, apps]) => ({ sdkVersion, applications: [...apps].sort() })),
  };
}
