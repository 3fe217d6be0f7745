import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createFlag, expectRejectedWithoutEvent } from '../../../../tests/helpers/flag-model';
import { createApiToken, eventsOfType } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { BlastRadiusPreview, BlastRadiusSettingsView, ClientFeature, Context } from '../../../contract';
import { createFlagRepository, evaluateFlag } from '../../evaluation';

// Issue 15, blast radius: contexts sampled from the real frontend API, stored without sensitive
// values in clear, and previews whose counts equal an evaluation by hand over the stored rows.

const P = '/api/admin/projects/default/features';
const SETTINGS = '/api/admin/blast-radius/settings';
const USERS = 120;

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const rollout = (percent: number) => ({
  name: 'flexibleRollout',
  parameters: { rollout: String(percent), stickiness: 'userId', groupId: 'br-flag' },
  constraints: [{ contextName: 'country', operator: 'IN' as const, values: ['NO', 'SE', 'DK'] }],
});

describe('blast radius', () => {
  let t: TestApp;
  let frontendToken: string;
  let strategyId: string;
  const storedRows = () => t.db.selectFrom('blast_radius_contexts').selectAll().execute();

  beforeAll(async () => {
    t = await createTestApp({ metricsFlushIntervalSeconds: 0.2 });
    await createFlag(t, 'br-flag');
    expect((await t.request('POST', '/api/admin/context', { name: 'country' })).statusCode).toBe(201);
    const strategy = await call<{ id: string }>(
      t,
      'POST',
      `${P}/br-flag/environments/development/strategies`,
      rollout(30),
      200,
    );
    strategyId = strategy.id;
    await call(t, 'POST', `${P}/br-flag/environments/development/on`, undefined, 200);
    frontendToken = await createApiToken(t, { type: 'frontend', environment: 'development' });
    const countries = ['NO', 'SE', 'DK', 'DE'];
    for (let i = 0; i < USERS; i += 1) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/frontend?userId=user-${i}&email=user${i}@example.com&country=${countries[i % 4]}&sessionId=s-${i}`,
        headers: { authorization: frontendToken },
      });
      expect(response.statusCode).toBe(200);
    }
    await until('sampled contexts stored', async () =>
      (await storedRows()).length >= USERS ? true : undefined,
    );
  });
  afterAll(() => t.close());

  it('stores the evaluated contexts with sensitive fields hashed, never in clear', async () => {
    const rows = await storedRows();
    expect(rows).toHaveLength(USERS);
    expect(new Set(rows.map((row) => row.environment))).toEqual(new Set(['development']));
    const table = JSON.stringify(rows);
    expect(table).not.toContain('user-1');
    expect(table).not.toContain('s-1');
    expect(table).not.toContain('127.0.0.1');
    for (const row of rows) {
      const context = row.context as Context;
      expect(context.userId).toMatch(/^hmac:[0-9a-f]{32}$/);
      expect(context.sessionId).toMatch(/^hmac:[0-9a-f]{32}$/);
      expect(context.properties?.country).toMatch(/^(NO|SE|DK|DE)$/);
    }
    // The secret that keys the hashes is in the database, not in any answer.
    const view = await call<BlastRadiusSettingsView>(t, 'GET', SETTINGS, undefined, 200);
    expect(JSON.stringify(view)).not.toMatch(/[0-9a-f]{64}/);
    expect(view.sampled).toEqual([{ environment: 'development', contexts: USERS }]);
  });

  it('previews a rollout change with the counts an evaluation by hand gives over the stored contexts', async () => {
    const preview = await call<BlastRadiusPreview>(
      t,
      'POST',
      `${P}/br-flag/environments/development/blast-radius`,
      { kind: 'strategy-update', strategyId, strategy: rollout(90) },
      200,
    );
    const contexts = (await storedRows()).map((row) => row.context as Context);
    const repository = createFlagRepository({ features: [] });
    const flag = (percent: number): ClientFeature => ({
      name: 'br-flag',
      enabled: true,
      strategies: [{ ...rollout(percent), variants: [] }],
    });
    let offToOn = 0;
    for (const context of contexts) {
      const before = evaluateFlag(flag(30), context, { repository }).enabled;
      const after = evaluateFlag(flag(90), context, { repository }).enabled;
      if (!before && after) offToOn += 1;
      expect(before && !after).toBe(false);
    }
    expect(offToOn).toBeGreaterThan(0);
    expect(preview).toMatchObject({
      sampled: USERS,
      evaluated: USERS,
      offToOn,
      onToOff: 0,
      unchanged: USERS - offToOn,
      samplingEnabled: true,
    });
    expect(preview.reasons).toEqual([
      { kind: 'rollout', label: 'flexibleRollout: rollout or parameters', offToOn, onToOff: 0 },
    ]);
    expect(preview.examples.length).toBeGreaterThan(0);
    expect(JSON.stringify(preview.examples)).not.toMatch(/user-\d/);
  });

  it('previews a toggle, a deletion and an addition', async () => {
    const url = `${P}/br-flag/environments/development/blast-radius`;
    const off = await call<BlastRadiusPreview>(t, 'POST', url, { kind: 'toggle', enabled: false }, 200);
    expect(off.onToOff).toBe(off.enabledBefore);
    expect(off.enabledAfter).toBe(0);
    const deleted = await call<BlastRadiusPreview>(
      t,
      'POST',
      url,
      { kind: 'strategy-delete', strategyId },
      200,
    );
    // No strategy left: the flag is on for everyone.
    expect(deleted.enabledAfter).toBe(USERS);
    const added = await call<BlastRadiusPreview>(
      t,
      'POST',
      url,
      { kind: 'strategy-add', strategy: { name: 'default', constraints: [] } },
      200,
    );
    expect(added.offToOn).toBe(USERS - added.enabledBefore);
  });

  it('refuses unknown flags, environments and strategies, and bad proposals, with 4xx', async () => {
    const url = (flag: string, environment = 'development') =>
      `${P}/${flag}/environments/${environment}/blast-radius`;
    const toggle = { kind: 'toggle', enabled: true };
    expect((await t.request('POST', url('nope'), toggle)).json().name).toBe('NotFoundError');
    expect((await t.request('POST', url('br-flag', 'nowhere'), toggle)).statusCode).toBe(404);
    expect(
      (await t.request('POST', url('br-flag'), { kind: 'strategy-delete', strategyId: 'x' })).statusCode,
    ).toBe(404);
    expect((await t.request('POST', url('br-flag'), { kind: 'explode' })).statusCode).toBe(400);
    expect((await t.request('POST', url('br-flag'), { kind: 'toggle' })).statusCode).toBe(400);
    // Refused as the write would refuse it.
    const unknownType = { kind: 'strategy-add', strategy: { name: 'no-such-strategy' } };
    expect((await t.request('POST', url('br-flag'), unknownType)).json().name).toBe('BadDataError');
    const overflow = { kind: 'strategy-add', strategy: { name: 'default', segments: [2 ** 40] } };
    expect((await t.request('POST', url('br-flag'), overflow)).json().name).toBe('BadDataError');
  });

  it('saves settings with an event, deletes stored contexts when the privacy rules change, and stops when off', async () => {
    await expectRejectedWithoutEvent(
      t,
      'PUT',
      SETTINGS,
      { enabled: true, retentionDays: 0, sensitiveFields: [], sensitiveMode: 'hash' },
      400,
    );
    const view = await call<BlastRadiusSettingsView>(
      t,
      'PUT',
      SETTINGS,
      { enabled: true, retentionDays: 3, sensitiveFields: ['userId', 'email'], sensitiveMode: 'drop' },
      200,
    );
    expect(view.settings).toEqual({
      enabled: true,
      retentionDays: 3,
      sensitiveFields: ['userId', 'email'],
      sensitiveMode: 'drop',
    });
    expect(view.sampled).toEqual([]);
    const [event] = await eventsOfType(t, 'setting-created');
    expect(event?.data).toMatchObject({ id: 'blastRadiusSampling', retentionDays: 3, sensitiveMode: 'drop' });

    await t.app.inject({
      method: 'GET',
      url: '/api/frontend?userId=dropped-user&email=dropped@example.com&country=NO',
      headers: { authorization: frontendToken },
    });
    const [row] = await until('the dropped-mode context stored', async () => {
      const rows = await storedRows();
      return rows.length > 0 ? rows : undefined;
    });
    expect(row?.context).toMatchObject({ properties: { country: 'NO' } });
    expect(JSON.stringify(row)).not.toContain('dropped');

    await call(t, 'PUT', SETTINGS, { ...view.settings, enabled: false }, 200);
    expect(await storedRows()).toEqual([]);
    await t.app.inject({
      method: 'GET',
      url: '/api/frontend?userId=late',
      headers: { authorization: frontendToken },
    });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await storedRows()).toEqual([]);
    const preview = await call<BlastRadiusPreview>(
      t,
      'POST',
      `${P}/br-flag/environments/development/blast-radius`,
      { kind: 'toggle', enabled: false },
      200,
    );
    expect(preview).toMatchObject({ sampled: 0, evaluated: 0, samplingEnabled: false });
    await call(t, 'PUT', SETTINGS, { ...view.settings, enabled: true }, 200);
  });

  it('keeps answering the frontend API while flushing fails', async () => {
    await t.db.schema.alterTable('blast_radius_contexts').renameTo('blast_radius_contexts_away').execute();
    try {
      for (let i = 0; i < 5; i += 1) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/frontend?userId=while-down-${i}`,
          headers: { authorization: frontendToken },
        });
        expect(response.statusCode).toBe(200);
        expect(response.json().toggles).toBeInstanceOf(Array);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    } finally {
      await t.db.schema.alterTable('blast_radius_contexts_away').renameTo('blast_radius_contexts').execute();
    }
  });
});
