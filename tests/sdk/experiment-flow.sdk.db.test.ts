import { InMemoryStorageProvider, UnleashClient } from 'unleash-proxy-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFlag, type SdkTestServer, startSdkTestServer, waitFor } from './sdk-server';

// Issue 35's done-when, end to end over HTTP: a flag with two variants, an experiment started on
// it, users served through the frontend API (the real unleash-proxy-client for one of them, the
// same GET the browser SDK sends for the rest), which records their exposures; conversions sent to
// /api/frontend/track; the readout then names the winner.

const FLAG = 'checkout-button';
const USERS = 600;
const P = `/api/admin/projects/default/features/${FLAG}`;

interface FrontendAnswer {
  toggles: Array<{ name: string; enabled: boolean; variant: { name: string; enabled: boolean } }>;
}
interface Readout {
  liftOverTime?: unknown[];
  metrics: Array<{
    metric: { eventName: string };
    result: {
      srmPValue: number | null;
      variants: Array<{ name: string; users: number; mean: number | null; chanceToWin: number | null }>;
    };
    verdict: string;
  }>;
}

describe('an experiment read from frontend exposures and tracked conversions', () => {
  let s: SdkTestServer;
  let frontendToken: string;
  let experimentId: number;
  const variantOf = new Map<string, string>();

  async function serve(userId: string): Promise<string> {
    const answer = await s.http<FrontendAnswer>('GET', `/api/frontend?userId=${userId}`, {
      headers: { authorization: frontendToken },
    });
    expect(answer.status).toBe(200);
    const toggle = answer.body.toggles.find((candidate) => candidate.name === FLAG);
    expect(toggle?.enabled).toBe(true);
    return toggle!.variant.name;
  }

  beforeAll(async () => {
    s = await startSdkTestServer({ METRICS_FLUSH_INTERVAL_SECONDS: '1', SCHEDULER_POLL_INTERVAL_MS: '200' });
    const variant = (name: string) => ({ name, weight: 500, weightType: 'variable', stickiness: 'default' });
    await addFlag(s, {
      name: FLAG,
      strategies: [
        {
          name: 'flexibleRollout',
          parameters: { rollout: '100', stickiness: 'default', groupId: FLAG },
          variants: [variant('control'), variant('treatment')],
        },
      ],
    });
    frontendToken = await s.createToken({ type: 'frontend', environment: 'development' });
    const created = await s.adminOk<{ id: number }>(
      'POST',
      `${P}/experiments`,
      {
        name: 'Green checkout button',
        environment: 'development',
        hypothesis: 'A green button makes more people check out',
        controlVariant: 'control',
        method: 'bayesian',
        metrics: [
          { eventName: 'checkout', role: 'primary', type: 'binomial', higherIsBetter: true, windowHours: 24 },
        ],
      },
      201,
    );
    experimentId = created.id;
    await s.adminOk('POST', `${P}/experiments/${experimentId}/start`, undefined, 200);
  });

  afterAll(async () => {
    await s?.stop();
  });

  it('records each user once, from the real browser SDK and from plain requests', async () => {
    const client = new UnleashClient({
      url: `${s.url}/api/frontend`,
      clientKey: frontendToken,
      appName: 'experiment-flow',
      disableRefresh: true,
      metricsInterval: 0,
      storageProvider: new InMemoryStorageProvider(),
      fetch: globalThis.fetch.bind(globalThis),
      context: { userId: 'user-0' },
    });
    await client.start();
    variantOf.set('user-0', client.getVariant(FLAG).name);
    client.stop();
    for (let i = 1; i < USERS; i++) variantOf.set(`user-${i}`, await serve(`user-${i}`));
    // A second look by the same user is not a second exposure.
    await serve('user-1');
    const names = new Set(variantOf.values());
    expect(names).toEqual(new Set(['control', 'treatment']));
  });

  it('takes the conversions through the track endpoint and names the winner', async () => {
    // Deterministic conversion rates: 10% of control users, 25% of treatment users.
    const events = [...variantOf].flatMap(([userId, variant], index) =>
      (variant === 'treatment' ? index % 4 === 0 : index % 10 === 0)
        ? [{ eventName: 'checkout', context: { userId } }]
        : [],
    );
    for (let from = 0; from < events.length; from += 100) {
      const answer = await s.http('POST', '/api/frontend/track', {
        headers: { authorization: frontendToken, 'content-type': 'application/json' },
        body: { events: events.slice(from, from + 100) },
      });
      expect(answer.status).toBe(202);
    }
    const readout = await waitFor(
      'the readout to count every exposure and conversion',
      async () => {
        const answer = await s.admin<Readout>('GET', `${P}/experiments/${experimentId}/results`);
        if (answer.status !== 200) return undefined;
        const primary = answer.body.metrics[0]!;
        const users = primary.result.variants.reduce((sum, variant) => sum + variant.users, 0);
        const converted = primary.result.variants.reduce(
          (sum, variant) => sum + (variant.mean ?? 0) * variant.users,
          0,
        );
        return users === USERS && Math.round(converted) === events.length ? primary : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 250 },
    );
    const treatment = readout.result.variants.find((variant) => variant.name === 'treatment')!;
    expect(treatment.chanceToWin).toBeGreaterThan(0.99);
    expect(readout.result.srmPValue).toBeGreaterThan(0.001);
    expect(readout.verdict).toMatch(/treatment/i);
  });

  it('keeps the readout once an hour, for lift over time', async () => {
    const points = await waitFor('the hourly snapshot', async () => {
      const answer = await s.admin<{
        liftOverTime: Array<{ takenAt: string; lifts: Record<string, number | null> }>;
      }>('GET', `${P}/experiments/${experimentId}/results`);
      return answer.body.liftOverTime.length > 1 ? answer.body.liftOverTime : undefined;
    });
    // This hour's snapshot (taken when the experiment had just started), then the readout now.
    expect(points).toHaveLength(2);
    expect(points[1]?.lifts.treatment).toBeGreaterThan(0);
    const [row] = await s.database.db.selectFrom('experiment_snapshots').selectAll().execute();
    expect(row?.experiment_id).toBe(experimentId);
  });
});
