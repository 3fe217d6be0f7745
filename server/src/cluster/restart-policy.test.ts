import { describe, expect, it } from 'vitest';
import { connectionsNeeded, HEALTHY_AFTER_MS, nextRestart } from './restart-policy';

describe('nextRestart', () => {
  it('restarts soon after a worker that ran healthily, then backs off while deaths follow each other', () => {
    let state = { recentDeaths: 0 };
    const delays: number[] = [];
    for (let death = 0; death < 10; death += 1) {
      const next = nextRestart(state, 1_000);
      delays.push(next.delayMs);
      state = next.state;
    }
    expect(delays).toEqual([250, 500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('forgets earlier deaths once a worker lived a healthy minute', () => {
    const afterHealthyRun = nextRestart({ recentDeaths: 7 }, HEALTHY_AFTER_MS);
    expect(afterHealthyRun).toEqual({ delayMs: 250, state: { recentDeaths: 1 } });
  });
});

describe('connectionsNeeded', () => {
  it("keeps PostgreSQL's default of 100 for small clusters and grows with the workers", () => {
    expect(connectionsNeeded(1)).toBe(100);
    expect(connectionsNeeded(2)).toBe(100);
    expect(connectionsNeeded(16)).toBe(212);
    expect(connectionsNeeded(64)).toBe(788);
  });
});
