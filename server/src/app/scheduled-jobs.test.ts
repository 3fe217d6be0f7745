import { describe, expect, it } from 'vitest';
import type { Scheduler } from '../features/scheduler';
import { createEarlyWake } from './scheduled-jobs';

function countingScheduler() {
  const ticks: number[] = [];
  const scheduler: Scheduler = {
    tick: async () => {
      ticks.push(Date.now());
      return 0;
    },
    stop: async () => undefined,
  };
  return { scheduler, ticks };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createEarlyWake', () => {
  it('ticks once at the earliest time scheduled sooner than the next poll', async () => {
    const { scheduler, ticks } = countingScheduler();
    const wake = createEarlyWake(10_000);
    wake.attach(scheduler);
    const now = Date.now();
    wake.onScheduled({ changeRequestId: 1, scheduledAt: new Date(now + 120) });
    wake.onScheduled({ changeRequestId: 2, scheduledAt: new Date(now + 40) });
    wake.onScheduled({ changeRequestId: 3, scheduledAt: new Date(now + 200) });
    await sleep(90);
    expect(ticks).toHaveLength(1);
    expect(ticks[0]! - now).toBeGreaterThanOrEqual(35);
    wake.detach();
  });

  it('leaves a time past the next poll to the poll, and nothing ticks after detach', async () => {
    const { scheduler, ticks } = countingScheduler();
    const wake = createEarlyWake(50);
    wake.attach(scheduler);
    wake.onScheduled({ changeRequestId: 1, scheduledAt: new Date(Date.now() + 60_000) });
    wake.onScheduled({ changeRequestId: 2, scheduledAt: new Date(Date.now() + 20) });
    wake.detach();
    await sleep(60);
    expect(ticks).toEqual([]);
  });
});
