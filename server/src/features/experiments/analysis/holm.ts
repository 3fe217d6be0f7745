/**
 * Holm's step-down adjustment (Holm 1979) of a family of p-values: sorted ascending,
 * p'_(i) = max_{j ≤ i} min(1, (m − j + 1) p_(j)), m the number of p-values present. Nulls stay
 * null and do not count in m; the answer keeps the input's order. Callers adjust across
 * treatments (analyse does) and may adjust again across metrics.
 */
export function holm(pValues: readonly (number | null)[]): (number | null)[] {
  const present = pValues
    .map((p, index) => ({ p, index }))
    .filter((entry): entry is { p: number; index: number } => entry.p !== null && Number.isFinite(entry.p))
    .sort((a, b) => a.p - b.p);
  const adjusted: (number | null)[] = pValues.map(() => null);
  const m = present.length;
  let running = 0;
  present.forEach(({ p, index }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[index] = running;
  });
  return adjusted;
}
