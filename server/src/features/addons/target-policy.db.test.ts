import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../../../../tests/helpers/flag-model';
import { eventually, startReceiver } from '../../../../tests/helpers/loopback-receiver';
import { createTestApp } from '../../../../tests/helpers/test-app';
import { appendEvent } from '../events';

const BASE = '/api/admin/addons';

describe('integration targets the instance may not send to (SSRF), and the delivery metrics', async () => {
  const receiver = await startReceiver();
  // This instance also refuses loopback targets (INTEGRATIONS_REFUSED_TARGETS=linkLocal,loopback).
  const t = await createTestApp({
    integrations: {
      pollIntervalMs: 50,
      attemptTimeoutMs: 400,
      retryBaseMs: 50,
      retryCapMs: 200,
      maxAttempts: 3,
      circuitThreshold: 10,
      circuitPauseMs: 60_000,
      providerBaseUrls: {},
      refusedTargets: 'linkLocal,loopback',
      allowedTargets: undefined,
    },
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('refuses at save a URL naming a refused address', async () => {
    const response = await t.request('POST', BASE, {
      provider: 'webhook',
      enabled: true,
      parameters: { url: 'http://169.254.169.254/latest/meta-data/' },
      events: ['feature-created'],
    });
    expect(response.statusCode).toBe(400);
    const body = response.json() as { name: string; details: Array<{ path?: string; message: string }> };
    expect(body.name).toBe('BadDataError');
    expect(body.details[0]?.path).toBe('parameters.url');
    expect(body.details[0]?.message).toMatch(/169\.254\.169\.254 is in a refused range \(linkLocal\)/);
  });

  it('refuses at delivery a host name resolving to a refused address, without retrying, and counts it', async () => {
    // localhost is a name: saving cannot tell where it points; the delivery resolves it.
    const port = new URL(receiver.url).port;
    const created = await call<{ id: number }>(
      t,
      'POST',
      BASE,
      {
        provider: 'webhook',
        enabled: true,
        parameters: { url: `http://localhost:${port}/hook` },
        events: ['feature-created'],
      },
      201,
    );
    await appendEvent(t.db, {
      type: 'feature-created',
      createdBy: 'alice',
      createdByUserId: 7,
      featureName: 'checkout',
      project: 'default',
      data: { name: 'checkout' },
    });
    const log = await eventually(async () => {
      const { integrationEvents } = await call<{
        integrationEvents: Array<{ state: string; stateDetails: string; details: { attempt: number } }>;
      }>(t, 'GET', `${BASE}/${created.id}/events`, undefined, 200);
      return integrationEvents.length > 0 ? integrationEvents : undefined;
    });
    expect(log).toHaveLength(1);
    expect(log[0]?.state).toBe('failed');
    expect(log[0]?.stateDetails).toMatch(
      /^Refused target: localhost resolves to (127\.0\.0\.1|::1) is in a refused range \(loopback\)/,
    );
    expect(log[0]?.details.attempt).toBe(1);
    expect(receiver.requests).toHaveLength(0);

    const metrics = await t.app.inject({ method: 'GET', url: '/internal-backstage/prometheus' });
    expect(metrics.body).toContain(
      'switchyard_integration_deliveries_total{provider="webhook",outcome="failed"} 1',
    );
    expect(metrics.body).toContain(
      'switchyard_integration_delivery_duration_seconds_count{provider="webhook"} 1',
    );
  });
});
