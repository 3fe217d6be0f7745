import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNATURE_HEADER, verifySignature } from '../../server/src/features/addons/webhook-signature';
import { type LoopbackReceiver, startReceiver } from '../helpers/loopback-receiver';
import {
  blockingFindings,
  createFlagThroughApi,
  e2eSuite,
  hasChromium,
  screenshot,
  signInWithPassword,
  tokenAdminApi,
} from './support';

/**
 * Issue 16 in Debian's Chromium against the real headless server: an operator configures a webhook
 * in the integrations gallery pointing at a loopback receiver, sends a test event and sees the
 * receiver's answer; the receiver got a signed POST. A flag switched on afterwards is delivered and
 * shows up in the integration's delivery history. No critical or serious axe finding on the screens.
 */
const USERNAME = 'integrations-operator';
const PASSWORD = 'Integrations-e2e-7';
const ADMIN_TOKEN = '*:*.integrations-e2e-admin-token-0123456789';
const SIGNING_SECRET = 'whsec_e2e_0123456789abcdef0123456789abcdef';
const FLAG = 'new-checkout';

let receiver: LoopbackReceiver;

describe.skipIf(!hasChromium)('integrations in the console (issue 16)', () => {
  const suite = e2eSuite(
    'integrations',
    { username: USERNAME, password: PASSWORD },
    { INIT_ADMIN_API_TOKENS: ADMIN_TOKEN, INTEGRATIONS_POLL_INTERVAL_MS: '300' },
  );

  beforeAll(async () => {
    receiver = await startReceiver(() => ({ status: 202, body: '{"received":"yes"}' }));
  });

  afterAll(async () => {
    await receiver?.close();
  });

  it('configures a webhook, shows the test event the receiver answered, and the delivery of a flag change', {
    timeout: 180_000,
  }, async () => {
    const api = tokenAdminApi(() => suite.url, ADMIN_TOKEN);
    await createFlagThroughApi(api, { project: 'default', name: FLAG });

    const context = await suite.browser.newContext({
      viewport: { width: 1360, height: 1000 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${suite.url}/login`);
    await signInWithPassword(page, USERNAME, PASSWORD);
    await page.getByTestId('user-menu').waitFor({ timeout: 15_000 });

    // The gallery, from the navigation.
    await page
      .getByRole('navigation', { name: 'Console areas' })
      .getByRole('link', { name: 'Integrations' })
      .click();
    const webhookCard = page.getByRole('article', { name: 'Webhook' });
    await webhookCard.waitFor({ timeout: 15_000 });
    expect(await page.getByRole('article').count()).toBeGreaterThan(3);
    await expect.poll(() => blockingFindings(page), { timeout: 10_000 }).toEqual([]);
    await screenshot(page, '97-integrations-gallery');

    // Configure a webhook pointing at the receiver and send a test event before saving.
    await webhookCard.getByRole('link', { name: 'Configure Webhook' }).click();
    await page.getByRole('heading', { name: 'New Webhook integration' }).waitFor();
    const hookUrl = `${receiver.url}/hooks/flags`;
    await page.getByLabel(/^Webhook URL/).fill(hookUrl);
    await page.getByLabel(/^Signing secret/).fill(SIGNING_SECRET);
    await page.getByRole('combobox', { name: /^Events/ }).click();
    await page.getByRole('option', { name: 'feature-environment-enabled', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByLabel(/^Description/).fill('Deploy dashboard');
    await page.getByRole('button', { name: 'Send test event' }).click();
    const result = page.getByTestId('test-event-result');
    await result.waitFor({ timeout: 20_000 });
    expect(await result.textContent()).toContain('Delivered: the receiver answered 202');
    expect(await page.getByTestId('test-event-response-body').textContent()).toBe('{"received":"yes"}');

    const [test] = await receiver.waitFor(1);
    expect(test?.method).toBe('POST');
    expect(test?.path).toBe('/hooks/flags');
    expect(test?.json()).toMatchObject({
      type: 'feature-environment-enabled',
      featureName: 'switchyard-test-flag',
    });
    const signature = test?.headers[SIGNATURE_HEADER.toLowerCase()];
    expect(typeof signature).toBe('string');
    expect(
      verifySignature(signature as string, SIGNING_SECRET, test?.body ?? '', Math.floor(Date.now() / 1000)),
    ).toBe('valid');
    await expect.poll(() => blockingFindings(page), { timeout: 10_000 }).toEqual([]);
    await screenshot(page, '98-integrations-test-event');

    // Save it: back in the gallery, enabled and delivering.
    await page.getByRole('button', { name: 'Create integration' }).click();
    const configured = page.getByRole('article', { name: 'Webhook: Deploy dashboard' });
    await configured.waitFor({ timeout: 15_000 });
    expect(
      await configured.getByRole('switch', { name: 'Enable Webhook: Deploy dashboard' }).isChecked(),
    ).toBe(true);
    expect(await configured.getByTestId('delivery-state').textContent()).toContain('Active');

    // A flag switched on is delivered, signed, and listed in the delivery history.
    await api('POST', `/api/admin/projects/default/features/${FLAG}/environments/development/on`);
    const requests = await receiver.waitFor(2, 20_000);
    const delivered = requests[1];
    expect(delivered?.json()).toMatchObject({ type: 'feature-environment-enabled', featureName: FLAG });
    expect(delivered?.headers[SIGNATURE_HEADER.toLowerCase()]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    await configured.getByRole('link', { name: 'Delivery history of Webhook: Deploy dashboard' }).click();
    const history = page.getByRole('table', { name: /Deliveries of Webhook: Deploy dashboard/ });
    await history.waitFor({ timeout: 15_000 });
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          return history.getByTestId('delivery-row').first().textContent();
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toContain(FLAG);
    const row = history.getByTestId('delivery-row').first();
    expect(await row.textContent()).toContain('feature-environment-enabled');
    expect(await row.textContent()).toContain('Success');
    expect(await row.textContent()).toContain('202');
    await expect.poll(() => blockingFindings(page), { timeout: 10_000 }).toEqual([]);
    await screenshot(page, '99-integrations-history');

    expect(errors).toEqual([]);
    await context.close();
  });
});
