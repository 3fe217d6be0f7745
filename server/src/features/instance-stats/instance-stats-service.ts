import { createHash } from 'node:crypto';
import type { InstanceAdminStats } from '../../../contract';
import type { Db } from '../../db/database';
import { type CsvValue, csvLine } from '../../lib/csv';
import { readGettingStarted } from './getting-started-store';
import {
  countApiTokens,
  countAppsSeenSince,
  countEventsOfType,
  countLiveFlags,
  countPeople,
  countPeopleSeenSince,
  countProductionChanges,
  countReleaseDefinitions,
  countRows,
  countViewers,
  previousDayBuckets,
  instanceId as storedInstanceId,
  strategyMaxima,
} from './instance-stats-store';

/** The installation's id, made on first use (bundles record where they were exported). */
export function instanceId(db: Db): Promise<string> {
  return storedInstanceId(db);
}

export interface InstanceStatsOptions {
  version: string;
  /** Whether single sign-on is configured; SSO domains report theirs when they exist. */
  sso?: () => Promise<{ saml: boolean; oidc: boolean }>;
}

/** A stable checksum of the statistics (without `sum`), so a copy handed on can be verified. */
export function statsChecksum(stats: Omit<InstanceAdminStats, 'sum'>): string {
  return createHash('sha256').update(JSON.stringify(stats)).digest('hex');
}

/** Nested objects and arrays flattened into `a.b` columns (clientApps by range), for the CSV. */
export function flattenStats(stats: InstanceAdminStats): Array<[string, CsvValue]> {
  const cells: Array<[string, CsvValue]> = [];
  for (const [key, value] of Object.entries(stats)) {
    if (key === 'clientApps' && Array.isArray(value)) {
      for (const app of value as Array<{ range?: string; count?: number }>)
        cells.push([`clientApps.${app.range}`, app.count]);
    } else if (value !== null && typeof value === 'object') {
      for (const [inner, innerValue] of Object.entries(value))
        cells.push([`${key}.${inner}`, innerValue as CsvValue]);
    } else {
      cells.push([key, value as CsvValue]);
    }
  }
  return cells;
}

export function statsCsv(stats: InstanceAdminStats): string {
  const cells = flattenStats(stats);
  return csvLine(cells.map(([key]) => key)) + csvLine(cells.map(([, value]) => value));
}

export type InstanceStatsService = ReturnType<typeof createInstanceStatsService>;

export function createInstanceStatsService(db: Db, options: InstanceStatsOptions) {
  return {
    collect: (now = new Date()) => collectStats(db, options, now),
    /** The first-run checklist, ticked from what the instance holds. */
    gettingStarted: () => readGettingStarted(db),
  };
}

/** The people counts: users, active users, viewers and production changes. */
async function countPeopleStats(db: Db, now: Date) {
  return allNamed({
    id: storedInstanceId(db),
    users: countPeople(db),
    last7: countPeopleSeenSince(db, now, 7),
    last30: countPeopleSeenSince(db, now, 30),
    last60: countPeopleSeenSince(db, now, 60),
    last90: countPeopleSeenSince(db, now, 90),
    readOnlyUsers: countViewers(db),
    prod30: countProductionChanges(db, now, 30),
    prod60: countProductionChanges(db, now, 60),
    prod90: countProductionChanges(db, now, 90),
  });
}

/** Awaits every promise of `pending` together (Promise.all) and names each result by its key. */
async function allNamed<T extends Record<string, Promise<unknown>>>(
  pending: T,
): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const keys = Object.keys(pending);
  const values = await Promise.all(Object.values(pending));
  return Object.fromEntries(keys.map((key, index) => [key, values[index]])) as {
    [K in keyof T]: Awaited<T[K]>;
  };
}

/** The counts of what the instance holds and serves. */
async function countResourceStats(db: Db, now: Date) {
  return allNamed({
    featureToggles: countLiveFlags(db),
    projects: countRows(db, 'projects'),
    contextFields: countRows(db, 'context_fields'),
    roles: countRows(db, 'roles'),
    groups: countRows(db, 'groups'),
    environments: countRows(db, 'environments'),
    segments: countRows(db, 'segments'),
    strategies: countRows(db, 'strategies'),
    allApps: countRows(db, 'client_applications'),
    apps30: countAppsSeenSince(db, now, 30),
    apps7: countAppsSeenSince(db, now, 7),
    featureExports: countEventsOfType(db, 'features-exported'),
    featureImports: countEventsOfType(db, 'features-imported'),
    apiTokens: countApiTokens(db, now),
    buckets: previousDayBuckets(db, now),
    maxima: strategyMaxima(db),
    releaseTemplates: countReleaseDefinitions(db, 'template'),
    releasePlans: countReleaseDefinitions(db, 'plan'),
  });
}

async function collectStats(db: Db, options: InstanceStatsOptions, now: Date): Promise<InstanceAdminStats> {
  const [people, resources] = await Promise.all([countPeopleStats(db, now), countResourceStats(db, now)]);
  const { id, users, last7, last30, last60, last90, readOnlyUsers, prod30, prod60, prod90 } = people;
  const { allApps, apps30, apps7, buckets, maxima } = resources;
  const sso = (await options.sso?.()) ?? { saml: false, oidc: false };
  const stats: Omit<InstanceAdminStats, 'sum'> = {
    instanceId: id,
    timestamp: now.toISOString(),
    versionOSS: options.version,
    users,
    previousDayMetricsBucketsCount: buckets,
    activeUsers: { last7, last30, last60, last90 },
    // No seat licensing: every person counts.
    licensedUsers: users,
    productionChanges: { last30: prod30, last60: prod60, last90: prod90 },
    featureToggles: resources.featureToggles,
    projects: resources.projects,
    contextFields: resources.contextFields,
    roles: resources.roles,
    groups: resources.groups,
    environments: resources.environments,
    segments: resources.segments,
    strategies: resources.strategies,
    SAMLenabled: sso.saml,
    OIDCenabled: sso.oidc,
    clientApps: [
      { range: 'allTime', count: allApps },
      { range: '30d', count: apps30 },
      { range: '7d', count: apps7 },
    ],
    featureExports: resources.featureExports,
    featureImports: resources.featureImports,
    apiTokens: resources.apiTokens,
    ...maxima,
    releaseTemplates: resources.releaseTemplates,
    releasePlans: resources.releasePlans,
    // Switchyard does not meter Edge instances.
    edgeInstanceUsage: {},
    readOnlyUsers,
  };
  return { ...stats, sum: statsChecksum(stats) };
}
