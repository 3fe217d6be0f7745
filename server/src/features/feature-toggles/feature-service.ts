import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { Actor } from '../events';
import type { FlagEnvironmentExtensions } from './environment-extensions';
import { createFeatureEnvironmentService } from './feature-environment-service';
import { createFeatureLifecycleService } from './feature-lifecycle-service';
import type { FeatureOperation } from './feature-operation-types';
import { applyFeatureOperation } from './feature-operations';
import { createFeatureReadService } from './feature-read-service';
import type { ApplyFeatureOperation, ApplyFeatureOperationIn } from './feature-service-types';

export type FeatureService = ReturnType<typeof createFeatureService>;

/**
 * The flag domain's use cases for the admin routes, composed from its capabilities: the reads
 * (feature-read-service.ts), the flag lifecycle (feature-lifecycle-service.ts) and the writes on a
 * flag's environments (feature-environment-service.ts). Each write is one operation in its own
 * transaction, or several as one unit. `extensions`: what release plans add to a flag's
 * environments, passed in by the composition root (environment-extensions.ts).
 */
export function createFeatureService(db: Db, extensions: FlagEnvironmentExtensions | null) {
  const applyIn: ApplyFeatureOperationIn = (trx, operation, actor) =>
    applyFeatureOperation(trx, operation, actor, extensions);
  const apply: ApplyFeatureOperation = <O extends FeatureOperation>(operation: O, actor: Actor) =>
    inTransaction(db, (trx) => applyIn(trx, operation, actor));
  return {
    apply,
    ...createFeatureReadService(db, extensions),
    ...createFeatureLifecycleService(db, { apply, applyIn }),
    ...createFeatureEnvironmentService(db, { apply, applyIn }),
  };
}
