import { sql } from 'kysely';
import type { OnboardingStatus } from '../../../contract';
import type { Queryable } from '../../db/queryable';

/**
 * The onboarding status of projects, as Unleash 8.2 answers it on the project list and the project
 * overview (issue 31 §4): `onboarded` once a flag of the project was seen by an SDK or an SDK
 * registered for the project, else `first-flag-created` naming the project's oldest active flag,
 * else `onboarding-started`. One query for any number of projects.
 */
export async function projectOnboardingStatuses(
  db: Queryable,
  projects: readonly string[],
): Promise<Map<string, OnboardingStatus>> {
  const statuses = new Map<string, OnboardingStatus>();
  if (projects.length === 0) return statuses;
  const { rows } = await sql<{ id: string; first_flag: string | null; onboarded: boolean }>`
    select p.id,
      (select f.name from features f where f.project = p.id and f.archived_at is null
        order by f.created_at, f.name limit 1) as first_flag,
      (exists (select 1 from feature_last_seen s join features f on f.name = s.feature_name
                where f.project = p.id)
       or exists (select 1 from client_applications_usage u where u.project = p.id)) as onboarded
    from projects p
    where p.id in (${sql.join([...projects])})`.execute(db);
  for (const row of rows) statuses.set(row.id, onboardingStatus(row));
  return statuses;
}

function onboardingStatus(row: { first_flag: string | null; onboarded: boolean }): OnboardingStatus {
  if (row.onboarded) return { status: 'onboarded' };
  if (row.first_flag) return { status: 'first-flag-created', feature: row.first_flag };
  return { status: 'onboarding-started' };
}
