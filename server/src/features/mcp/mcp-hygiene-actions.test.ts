import { describe, expect, it } from 'vitest';
import { readinessOf } from './mcp-hygiene-actions';

const NOW = new Date('2026-11-29T12:00:00Z');
const view = (lastSeenAt: string | null, yes = 0) => ({
  name: 'old-banner',
  stale: true,
  environments: [
    { name: 'development', enabled: true, lastSeenAt, yes, no: 0 },
    { name: 'production', enabled: false, lastSeenAt: null },
  ],
});
const noReferences = { total: 0, lastSeenInCode: null, repositories: [] };

describe('removal readiness', () => {
  it('is ready when no code uses the flag and no SDK has evaluated it for a week', () => {
    const readiness = readinessOf(view('2026-11-01T00:00:00Z'), noReferences, NOW);
    expect(readiness).toMatchObject({ ready: true, daysSinceSeen: 28, codeReferences: 0 });
    expect(readiness.summary).toBe(
      'old-banner can be archived: no scanned code uses it and no SDK has evaluated it for a week; it is marked stale.',
    );
  });

  it('names every blocker: code references with their files, recent evaluations, a recent sighting', () => {
    const references = {
      total: 2,
      lastSeenInCode: '2026-11-28T00:00:00Z',
      repositories: [
        {
          name: 'shop',
          references: [
            { path: 'a.ts', line: 3 },
            { path: 'b.ts', line: 9 },
          ],
        },
      ],
    };
    const readiness = readinessOf(view('2026-11-27T00:00:00Z', 5), references, NOW);
    expect(readiness.ready).toBe(false);
    expect(readiness.places).toEqual(['shop: a.ts:3', 'shop: b.ts:9']);
    expect(readiness.summary).toBe(
      'old-banner is not ready to archive: still used in code (2 references); evaluated 5 times by SDKs in the last hour; seen by an SDK 2 days ago.',
    );
  });
});
