/**
 * A small seeded generator for the engine's simulations (tests only): Mulberry32, 32-bit state,
 * uniform doubles in [0, 1). Deterministic, so a simulation's figures are the same on every run.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How many of `trials` Bernoulli(p) draws succeed. */
export function binomialDraw(random: () => number, trials: number, p: number): number {
  let successes = 0;
  for (let i = 0; i < trials; i++) if (random() < p) successes++;
  return successes;
}
