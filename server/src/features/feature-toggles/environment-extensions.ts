import type { FeatureEnvironmentSafeguard, ReleasePlan } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import type { Actor } from '../events';

/**
 * What release plans add to a flag's environments (issue 31 §3). The release-plans domain imports
 * this one (flag checks, strategy rules), so this one cannot import it back without a cycle: the
 * release-plan side is passed in instead, by the composition root (app/flag-model-routes.ts, for the
 * admin routes) and by the operations table (operations/admin-operations.ts, for change requests,
 * signals and imports). Null where nothing is passed in (domain-level tests): no release plans.
 */
export interface FlagEnvironmentExtensions {
  /** The flag's release plans by environment, for the admin flag view (featureEnvironmentSchema.releasePlans). */
  releasePlans(db: Queryable, featureName: string): Promise<ReadonlyMap<string, ReleasePlan[]>>;
  /**
   * The flag's safeguards by environment (featureEnvironmentSchema.safeguards; issue 35 §1), from
   * the impact-metrics domain, which imports this one too.
   */
  safeguards?(
    db: Queryable,
    featureName: string,
  ): Promise<ReadonlyMap<string, FeatureEnvironmentSafeguard[]>>;
  /**
   * Runs inside the transaction that switches an environment on, before the flag's strategies are
   * looked at: a plan waiting for the environment starts its first milestone (with its event), so
   * its strategies serve and no default strategy is added beside them.
   */
  switchingOn(
    db: Queryable,
    target: { project: string; featureName: string; environment: string },
    actor: Actor,
  ): Promise<void>;
}
