import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * The applications of one project (issue 31 §5): those that registered with a token of the
 * project, or reported metrics for one of its flags, each with the environments it did so in.
 */
export function createProjectApplicationsStore(db: Db) {
  return {
    async appEnvironments(project: string): Promise<Array<{ appName: string; environment: string }>> {
      const { rows } = await sql<{ app_name: string; environment: string }>`
        select app_name, environment from client_applications_usage where project = ${project}
        union
        select distinct m.app_name, m.environment
          from client_metrics_env m join features f on f.name = m.feature_name
         where f.project = ${project}
      `.execute(db);
      return rows.map((row) => ({ appName: row.app_name, environment: row.environment }));
    },

    async instancesOf(
      appNames: readonly string[],
    ): Promise<
      Array<{ appName: string; instanceId: string; environment: string; sdkVersion: string | null }>
    > {
      if (appNames.length === 0) return [];
      const rows = await db
        .selectFrom('client_instances')
        .select(['app_name', 'instance_id', 'environment', 'sdk_version'])
        .where('app_name', 'in', [...appNames])
        .orderBy('instance_id')
        .execute();
      return rows.map((row) => ({
        appName: row.app_name,
        instanceId: row.instance_id,
        environment: row.environment,
        sdkVersion: row.sdk_version,
      }));
    },
  };
}
