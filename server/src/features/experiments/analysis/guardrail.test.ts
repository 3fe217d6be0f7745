import { describe, expect, it } from 'vitest';
import { guardrailVerdict } from './guardrail';
import { binomialDraw, seededRandom } from './seeded-random';

const ALPHA = 0.05;
const errorRate = { higherIsBetter: false, alpha: ALPHA } as const;
const group = (users: number, errors: number) => ({ users, sum: errors, sumSquares: errors });

describe('guardrailVerdict', () => {
  it('matches the reference values of a regression', () => {
    // 3000 users inside with 90 errors (3%) against 9000 outside with 180 (2%);
    // `python3 reference-values.py` (this folder) (delta-method se, the sequential formulas of ../README.md).
    const verdict = guardrailVerdict(group(3000, 90), group(9000, 180), errorRate);
    expect(verdict.harm).toBe(false);
    expect(verdict.lift).toBeCloseTo(0.5, 12);
    const [low, high] = verdict.interval ?? [Number.NaN, Number.NaN];
    expect(Math.abs(low - -0.0877365786779134)).toBeLessThan(1e-4 * 0.0877365786779134);
    expect(Math.abs(high - 1.0877365786779134)).toBeLessThan(1e-4 * 1.0877365786779134);
    expect(Math.abs((verdict.pValue ?? 0) - 0.17308921158993243)).toBeLessThan(1e-4 * 0.17308921158993243);
  });

  it('never calls an improvement harm, and gives no verdict without data', () => {
    const better = guardrailVerdict(group(5000, 50), group(5000, 150), errorRate);
    expect(better).toMatchObject({ harm: false, pValue: 1 });
    expect(better.lift).toBeCloseTo(-2 / 3, 12);
    expect(guardrailVerdict(group(0, 0), group(100, 3), errorRate)).toEqual({
      harm: false,
      pValue: null,
      lift: null,
      interval: null,
    });
    expect(guardrailVerdict(group(100, 0), group(100, 0), errorRate)).toEqual({
      harm: false,
      pValue: null,
      lift: null,
      interval: null,
    });
    // Higher is better (e.g. a conversion guardrail): a drop is the harm.
    const drop = guardrailVerdict(group(20000, 1600), group(20000, 2000), {
      higherIsBetter: true,
      alpha: ALPHA,
    });
    expect(drop.harm).toBe(true);
  });
});

/** A rollout at 25%: per look, `inside` users inside and 3× as many outside. */
function simulate(
  seed: number,
  {
    runs,
    looks,
    insidePerLook,
    insideRate,
  }: { runs: number; looks: number; insidePerLook: number; insideRate: number },
) {
  const random = seededRandom(seed);
  const detections: (number | null)[] = [];
  for (let run = 0; run < runs; run++) {
    const inside = group(0, 0);
    const outside = group(0, 0);
    let detectedAt: number | null = null;
    for (let look = 0; look < looks && detectedAt === null; look++) {
      const insideErrors = binomialDraw(random, insidePerLook, insideRate);
      const outsideErrors = binomialDraw(random, 3 * insidePerLook, 0.02);
      inside.users += insidePerLook;
      inside.sum += insideErrors;
      inside.sumSquares += insideErrors;
      outside.users += 3 * insidePerLook;
      outside.sum += outsideErrors;
      outside.sumSquares += outsideErrors;
      if (guardrailVerdict(inside, outside, errorRate).harm) detectedAt = inside.users;
    }
    detections.push(detectedAt);
  }
  return detections;
}

describe('guarded release simulations (seeded)', () => {
  it('stays quiet in A/A: error rate 2% inside and outside, 14 daily looks at 1000 + 3000 users a day', () => {
    const runs = 200;
    const paused = simulate(350, { runs, looks: 14, insidePerLook: 1000, insideRate: 0.02 }).filter(
      (at) => at !== null,
    ).length;
    console.log(
      `guardrail A/A: ${paused} of ${runs} runs paused (${((paused / runs) * 100).toFixed(1)}%, α = 5%)`,
    );
    expect(paused / runs).toBeLessThanOrEqual(ALPHA);
  });

  it('catches a real regression (errors 2% → 4%) within a bounded number of users', () => {
    const runs = 50;
    const detections = simulate(351, { runs, looks: 200, insidePerLook: 100, insideRate: 0.04 });
    const found = detections.filter((at): at is number => at !== null).sort((a, b) => a - b);
    const median = found[Math.floor(found.length / 2)];
    const worst = found.at(-1);
    console.log(
      `guardrail ×2 regression: detected in ${found.length} of ${runs} runs; users inside at detection: median ${median}, max ${worst} (plus 3× as many outside)`,
    );
    expect(found.length).toBe(runs);
    // The bound: every run paused before 4000 users inside (and 12,000 outside) had been seen.
    expect(worst).toBeLessThanOrEqual(4000);
  });
});
