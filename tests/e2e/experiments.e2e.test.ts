import { describe, expect, it } from 'vitest';
import { blockingFindings, e2eSuite, hasChromium, openSignedInPage, screenshot } from './support';

/**
 * Issue 35 in Debian's Chromium against the real headless server: an experiment started on a
 * flag, 400 users served by the frontend API (their exposures) and their conversions tracked;
 * the Experiments screen and the flag page then show the readout with its verdict, and pass axe
 * at 1280 px light and 360 px dark.
 */
const ADMIN = { username: 'experiments-operator', password: 'Experiments-e2e-7' };
const FLAG = 'checkout-button';
const USERS = 400;

describe.skipIf(!hasChromium)('experiment readout in the console (issue 35)', () => {
  const suite = e2eSuite('experiments', ADMIN, { METRICS_FLUSH_INTERVAL_SECONDS: '1' });

  it('shows the winner on the Experiments screen and the flag page, in light and dark', {
    timeout: 180_000,
  }, async () => {
    const { context, page, errors, api } = await openSignedInPage(suite, ADMIN);
    const P = `/api/admin/projects/default/features/${FLAG}`;
    await api('POST', '/api/admin/projects/default/features', { name: FLAG });
    const variant = (name: string) => ({ name, weight: 500, weightType: 'variable', stickiness: 'default' });
    await api('POST', `${P}/environments/development/strategies`, {
      name: 'flexibleRollout',
      parameters: { rollout: '100', stickiness: 'default', groupId: FLAG },
      variants: [variant('control'), variant('green')],
    });
    await api('POST', `${P}/environments/development/on`);
    const created = (await api('POST', `${P}/experiments`, {
      name: 'Green checkout button',
      environment: 'development',
      hypothesis: 'A green button makes more people check out',
      controlVariant: 'control',
      method: 'bayesian',
      metrics: [
        { eventName: 'checkout', role: 'primary', type: 'binomial', higherIsBetter: true, windowHours: 24 },
      ],
    })) as { id: number };
    await api('POST', `${P}/experiments/${created.id}/start`);
    const { secret } = (await api('POST', '/api/admin/api-tokens', {
      tokenName: 'experiments-e2e',
      type: 'frontend',
      environment: 'development',
    })) as { secret: string };

    // Users served through the frontend API, as browser SDKs would; green converts more often.
    const events: Array<{ eventName: string; context: { userId: string } }> = [];
    for (let i = 0; i < USERS; i++) {
      const answer = await fetch(`${suite.url}/api/frontend?userId=user-${i}`, {
        headers: { authorization: secret },
      });
      const body = (await answer.json()) as { toggles: Array<{ name: string; variant: { name: string } }> };
      const served = body.toggles.find((toggle) => toggle.name === FLAG)?.variant.name;
      if (served === 'green' ? i % 3 === 0 : i % 10 === 0)
        events.push({ eventName: 'checkout', context: { userId: `user-${i}` } });
    }
    for (let at = 0; at < events.length; at += 100) {
      const answer = await fetch(`${suite.url}/api/frontend/track`, {
        method: 'POST',
        headers: { authorization: secret, 'content-type': 'application/json' },
        body: JSON.stringify({ events: events.slice(at, at + 100) }),
      });
      expect(answer.status).toBe(202);
    }

    await page.goto(`${suite.url}/experiments`);
    await page.getByRole('button', { name: 'Open Green checkout button' }).click();
    const details = page.getByTestId('experiment-details');
    // The flush writes exposures and events every second; the readout follows on reload.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('button', { name: 'Open Green checkout button' }).click();
          return details
            .getByTestId('verdict')
            .textContent({ timeout: 5_000 })
            .catch(() => '');
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toMatch(/^green beats control on checkout/);
    await screenshot(page, 'experiments-readout');
    expect(await blockingFindings(page)).toEqual([]);

    await page.setViewportSize({ width: 360, height: 800 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${suite.url}/projects/default/features/${FLAG}`);
    const card = page.getByTestId(`experiment-${created.id}`);
    await card.getByTestId('verdict').waitFor({ timeout: 15_000 });
    expect(await card.getByTestId('verdict').textContent()).toMatch(/^green beats control on checkout/);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'experiments-flag-page-360-dark');
    expect(await blockingFindings(page)).toEqual([]);
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
    await context.close();
  });
});
