import type { PersonalDashboard, PersonalDashboardProjectDetails } from '../../../contract';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/errors';
import { avatarUrl } from '../events';
import { getProject, memberCounts, projectCounts, projectHealth } from '../projects';
import { type PersonRow, personalDashboardStore as store } from './personal-dashboard-store';

/** How many of a project's latest events the dashboard shows. */
export const LATEST_EVENTS = 10;

const imageOf = (person: PersonRow) => avatarUrl(person.email ?? person.username ?? String(person.id));
const nameOf = (person: PersonRow) => person.name ?? person.username ?? person.email ?? String(person.id);
const userOwner = (person: PersonRow) => ({
  ownerType: 'user' as const,
  name: nameOf(person),
  imageUrl: imageOf(person),
  email: person.email,
});

/** Onboarding as Unleash names its steps: no flag yet, a flag, an SDK registered, metrics received. */
export function onboardingStatus(facts: {
  latestFlag: string | null;
  sdkRegistered: boolean;
  metricsReceived: boolean;
}): PersonalDashboardProjectDetails['onboardingStatus'] {
  if (facts.metricsReceived) return { status: 'onboarded' };
  if (facts.sdkRegistered) return { status: 'sdk-connected' };
  if (facts.latestFlag) return { status: 'first-flag-created', feature: facts.latestFlag };
  return { status: 'onboarding-started' };
}

/** The personal dashboard of the signed-in user (issue 31 §5). */
export function createPersonalDashboardService(db: Db) {
  return {
    dashboard: (userId: number, hidden: ReadonlySet<string>) => dashboard(db, userId, hidden),
    projectDetails: (userId: number, projectId: string) => projectDetails(db, userId, projectId),
  };
}

async function dashboard(db: Db, userId: number, hidden: ReadonlySet<string>): Promise<PersonalDashboard> {
  const [projects, flags, admins, owners] = await Promise.all([
    store.projectsOf(db, userId),
    store.flagsOf(db, userId),
    store.admins(db),
    store.ownerUsers(db),
  ]);
  const visible = projects.filter((project) => !hidden.has(project.id));
  const ids = visible.map((project) => project.id);
  const [counts, members] =
    ids.length === 0
      ? [new Map(), new Map()]
      : await Promise.all([projectCounts(db, ids), memberCounts(db, ids)]);
  return {
    admins: admins.map((admin) => ({
      id: admin.id,
      ...(admin.name ? { name: admin.name } : {}),
      ...(admin.username ? { username: admin.username } : {}),
      imageUrl: imageOf(admin),
      ...(admin.email ? { email: admin.email } : {}),
    })),
    projectOwners: owners.map(userOwner),
    projects: visible.map((project) => {
      const count = counts.get(project.id);
      const health = projectHealth(
        count ?? { featureCount: 0, staleFeatureCount: 0, potentiallyStaleFeatureCount: 0 },
      );
      return {
        id: project.id,
        name: project.name,
        health,
        technicalDebt: 100 - health,
        memberCount: members.get(project.id) ?? 0,
        featureCount: count?.featureCount ?? 0,
      };
    }),
    flags: flags.filter((flag) => !hidden.has(flag.project)),
  };
}

async function projectDetails(
  db: Db,
  userId: number,
  projectId: string,
): Promise<PersonalDashboardProjectDetails> {
  if (!(await getProject(db, projectId))) throw notFound(`Could not find project with id ${projectId}`);
  const [counts, facts, events, ownerUsers, ownerGroups, roles] = await Promise.all([
    projectCounts(db, [projectId]),
    store.onboardingFacts(db, projectId),
    store.latestEvents(db, projectId, LATEST_EVENTS),
    store.ownerUsers(db, projectId),
    store.ownerGroups(db, projectId),
    store.rolesIn(db, userId, projectId),
  ]);
  const count = counts.get(projectId) ?? {
    featureCount: 0,
    staleFeatureCount: 0,
    potentiallyStaleFeatureCount: 0,
  };
  const health = projectHealth(count);
  const owners = [
    ...ownerUsers.map(userOwner),
    ...ownerGroups.map((name) => ({ ownerType: 'group' as const, name })),
  ];
  return {
    insights: {
      // Health per 30-day window needs history the instance does not keep per project yet.
      avgHealthCurrentWindow: null,
      avgHealthPastWindow: null,
      totalFlags: count.featureCount,
      activeFlags: Math.max(
        0,
        count.featureCount - count.staleFeatureCount - count.potentiallyStaleFeatureCount,
      ),
      staleFlags: count.staleFeatureCount,
      potentiallyStaleFlags: count.potentiallyStaleFeatureCount,
      health,
      technicalDebt: 100 - health,
    },
    onboardingStatus: onboardingStatus(facts),
    latestEvents: events.map((event) => ({
      id: event.id,
      summary: [
        event.created_by,
        event.type,
        event.feature_name,
        event.environment ? `in ${event.environment}` : null,
      ]
        .filter(Boolean)
        .join(' '),
      createdBy: event.created_by,
      createdByImageUrl: avatarUrl(event.created_by),
      createdAt: event.created_at.toISOString(),
    })),
    owners: owners.length > 0 ? owners : [{ ownerType: 'system' as const }],
    roles: roles.map((role) => ({
      id: role.id,
      name: role.name,
      type: role.type === 'custom' ? ('custom' as const) : ('project' as const),
    })),
  };
}
