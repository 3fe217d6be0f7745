import type { Db } from '../../db/database';
import { pingDatabase } from './health-store';

/** Longer than a healthy round trip by far, short enough for a load balancer's probe. */
const READY_TIMEOUT_MS = 1000;

/**
 * Whether the database answers within READY_TIMEOUT_MS: a frozen database must make the instance
 * "not ready" quickly, not hang the probe.
 */
export async function isReady(db: Db): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), READY_TIMEOUT_MS);
  });
  try {
    return (await Promise.race([pingDatabase(db), late])) !== 'late';
  } catch {
    // Unreachable or failing: not ready.
    return false;
  } finally {
    clearTimeout(timer);
  }
}
