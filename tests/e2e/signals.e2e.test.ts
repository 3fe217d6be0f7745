import { describe, expect, it } from 'vitest';
import {
  blockingFindings,
  createFlagThroughApi,
  e2eSuite,
  hasChromium,
  openSignedInPage,
  screenshot,
  tokenAdminApi,
} from './support';

/**
 * Issue 15 in Debian's Chromium against the real headless server: an operator creates a signal
 * endpoint and its token in the console (secret shown once), an outside call with that token
 * runs the project's action set, and the Actions tab shows the run; no critical or serious axe
 * finding on the Signals screen, the token dialog, the Actions tab or its log.
 */
const USERNAME = 'signals-operator';
const PASSWORD = 'Signals-e2e-7';
const ADMIN = { username: USERNAME, password: PASSWORD };
const ADMIN_TOKEN = '*:*.signals-e2e-admin-token-0123456789';

describe.skipIf(!hasChromium)('signals and actions in the console (issue 15)', () => {
  const suite = e2eSuite('signals', ADMIN, {
    INIT_ADMIN_API_TOKENS: ADMIN_TOKEN,
    SCHEDULER_POLL_INTERVAL_MS: '500',
  });

  it('creates an endpoint and token, and shows the action set run a signal triggered', {
    timeout: 180_000,
  }, async () => {
    const api = tokenAdminApi(() => suite.url, ADMIN_TOKEN);
    await createFlagThroughApi(api, { project: 'default', name: 'incident-banner' });
    const bot = await api<{ id: number }>('POST', '/api/admin/service-account', {
      username: 'incident-bot',
      name: 'Incident bot',
      rootRole: 1,
    });

    const { context, page, errors } = await openSignedInPage(suite, ADMIN);

    await page.goto(`${suite.url}/integrations/signals`);
    await page.getByRole('button', { name: 'New signal endpoint' }).click();
    const create = page.getByRole('dialog');
    await create.getByLabel(/^Name/).fill('statuspage');
    await expect.poll(() => blockingFindings(page), { timeout: 10_000 }).toEqual([]);
    await create.getByRole('button', { name: 'Create endpoint' }).click();
    await create.waitFor({ state: 'detached' });
    const details = page.getByTestId('signal-endpoint-details');
    await details.waitFor();
    await details.getByLabel('New token name').fill('statuspage-webhook');
    await details.getByRole('button', { name: 'Create token' }).click();
    const secret = (await page.getByTestId('token-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    await expect.poll(() => blockingFindings(page), { timeout: 10_000 }).toEqual([]);
    await screenshot(page, '95-signals-token-created');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('token-secret').waitFor({ state: 'detached' });
    expect(await page.getByText(secret).count()).toBe(0);

    const { signalEndpoints } = await api<{ signalEndpoints: Array<{ id: number }> }>(
      'GET',
      '/api/admin/signal-endpoints',
    );
    const endpointId = signalEndpoints[0]?.id as number;
    await api('POST', '/api/admin/projects/default/actions', {
      name: 'banner on incidents',
      actorId: bot.id,
      match: {
        source: 'signal-endpoint',
        sourceId: endpointId,
        payload: { status: { operator: 'IN', values: ['investigating'] } },
      },
      actions: [
        {
          action: 'ENABLE_FEATURE',
          sortOrder: 0,
          executionParams: { project: 'default', environment: 'development', featureName: 'incident-banner' },
        },
      ],
    });
    const call = await fetch(`${suite.url}/api/signal-endpoint/statuspage`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'investigating', component: 'checkout' }),
    });
    expect(call.status).toBe(200);

    await page.reload();
    await page.getByRole('button', { name: 'statuspage', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('signal').first().textContent(), { timeout: 15_000 })
      .toContain('"component": "checkout"');
    await expect.poll(() => blockingFindings(page), { timeout: 10_000 }).toEqual([]);
    await screenshot(page, '96-signals-latest-signal');

    await page.goto(`${suite.url}/projects/default/actions`);
    const row = page.getByTestId('action-set-banner on incidents');
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('statuspage');
    expect(await row.textContent()).toContain('Incident bot');
    await expect.poll(() => blockingFindings(page), { timeout: 10_000 }).toEqual([]);
    await screenshot(page, '97-project-actions');
    await row.getByRole('button', { name: 'Log' }).click();
    const run = page.getByTestId('action-set-event').first();
    await expect.poll(() => run.textContent(), { timeout: 15_000 }).toContain('success');
    expect(await run.textContent()).toContain('Enable flag incident-banner in development');
    await expect.poll(() => blockingFindings(page), { timeout: 10_000 }).toEqual([]);
    await screenshot(page, '98-project-actions-log');
    expect(errors).toEqual([]);
    await context.close();
  });
});
