/** Pure decisions about projects. */

/** Health as Unleash shows it: the share of active flags that are neither stale nor potentially stale. */
export function projectHealth(counts: {
  featureCount: number;
  staleFeatureCount: number;
  potentiallyStaleFeatureCount: number;
}) {
  if (counts.featureCount === 0) return 100;
  const unhealthy = counts.staleFeatureCount + counts.potentiallyStaleFeatureCount;
  return Math.round((100 * (counts.featureCount - unhealthy)) / counts.featureCount);
}
