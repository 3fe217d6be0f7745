import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Bundle } from '../../server/contract';
import {
  blockingFindings,
  createFlagThroughApi,
  e2eSuite,
  hasChromium,
  openSignedInPage,
  screenshot,
} from './support';

/**
 * Issue 18, signed bundles in Debian's Chromium against the real headless server: the operator
 * exports project A's flags as a signed bundle, trusts the instance's own key on the Trusted keys
 * screen, and imports the bundle into project B, where the dialog shows the signer as trusted and
 * the diff before applying.
 */
const USERNAME = 'bundle-operator';
const PASSWORD = 'Signed-bundles-e2e-7';
const FLAGS = ['air-gap-checkout', 'air-gap-banner'];

const ADMIN = { username: USERNAME, password: PASSWORD };

describe.skipIf(!hasChromium)('signed bundles in the console (issue 18)', () => {
  const suite = e2eSuite('bundles', ADMIN, { SECRETS_ENCRYPTION_KEY: 'e2'.repeat(32) });

  it('exports a signed bundle from one project and imports it into another with the diff shown', {
    timeout: 180_000,
  }, async () => {
    const { url } = suite;
    const { context, page, errors, api } = await openSignedInPage(suite, ADMIN, {
      viewport: { width: 1360, height: 1100 },
      acceptDownloads: true,
    });
    await api('POST', '/api/admin/projects', { id: 'alpha', name: 'Alpha' });
    await api('POST', '/api/admin/projects', { id: 'beta', name: 'Beta' });
    for (const name of FLAGS) {
      await createFlagThroughApi(
        api,
        { project: 'alpha', name, description: `${name} from alpha` },
        {
          environment: 'development',
          name: 'flexibleRollout',
          parameters: { rollout: '30', stickiness: 'default', groupId: name },
        },
      );
    }
    // Beta already has a flag the bundle does not carry: the diff names it as left alone.
    await createFlagThroughApi(api, { project: 'beta', name: 'beta-local' });

    // Export from Alpha as a signed bundle.
    await page.goto(`${url}/projects/alpha`);
    await page.getByRole('button', { name: 'Export flags' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export flags' });
    await dialog.getByLabel('Environment').waitFor();
    await dialog.getByText('Signed bundle').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export', exact: true }).click(),
    ]);
    await dialog.getByText('Exported 2 flags from development as a signed bundle.').waitFor();
    const filePath = await download.path();
    const bundle = JSON.parse(await readFile(filePath, 'utf8')) as Bundle;
    expect(bundle.format).toBe('switchyard-bundle');
    expect(bundle.export.features.map((feature) => feature.name).sort()).toEqual([...FLAGS].sort());
    expect(download.suggestedFilename()).toMatch(/^switchyard-bundle-alpha-development-.*\.json$/);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Trust this instance's key on the Trusted keys screen (as an operator would paste another's).
    await page.goto(`${url}/admin/trusted-keys`);
    const ownKey = (await page.getByTestId('own-public-key').textContent())?.trim() ?? '';
    expect(ownKey).toBe(bundle.signature?.publicKey);
    await page.getByLabel('Name').fill('alpha exporter');
    await page.getByRole('textbox', { name: 'Public key' }).fill(ownKey);
    await page.getByRole('button', { name: 'Trust this key' }).click();
    await page.getByText(/^Trusted alpha exporter/).waitFor();
    await page.getByRole('cell', { name: 'alpha exporter', exact: true }).waitFor();
    await screenshot(page, 'bundles-trusted-keys');

    // The flags move: they leave Alpha for good (a flag name lives in one project).
    for (const name of FLAGS) {
      await api('DELETE', `/api/admin/projects/alpha/features/${name}`);
      await api('DELETE', `/api/admin/archive/${name}`);
    }

    // Import into Beta: signer, trust and the diff before applying.
    await page.goto(`${url}/projects/beta`);
    await page.getByRole('button', { name: 'Import flags' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import flags' });
    await importDialog.getByLabel('Export file').setInputFiles(filePath);
    await importDialog.getByText(/signed bundle, 2 flag\(s\)$/).waitFor();
    await importDialog.getByLabel('Target environment').click();
    await page
      .getByRole('listbox', { name: 'Target environment' })
      .getByRole('option', { name: 'development' })
      .click();
    await importDialog.getByRole('button', { name: 'Validate' }).click();
    const trust = importDialog.getByTestId('bundle-trust');
    await trust.getByText('Signed by a trusted key').waitFor();
    await trust.getByText('Trusted as alpha exporter').waitFor();
    await importDialog.getByText(`Added (2): ${[...FLAGS].sort().join(', ')}`).waitFor();
    await importDialog.getByText('Not in the bundle (left as they are) (1): beta-local').waitFor();
    await screenshot(page, 'bundles-import-diff');
    await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
    await importDialog.getByText(/Recorded in the event log \(event #\d+\) with the bundle hash\./).waitFor();
    expect(await blockingFindings(page)).toEqual([]);

    const events = await api<{ events: Array<{ type: string; data: { hash: string; signer: string } }> }>(
      'GET',
      '/api/admin/events',
    );
    const applied = events.events.find((event) => event.type === 'bundle-applied');
    expect(applied?.data).toMatchObject({ hash: bundle.hash, signer: bundle.signature?.fingerprint });
    const moved = await api<{ enabled: boolean; strategies: Array<{ name: string }> }>(
      'GET',
      `/api/admin/projects/beta/features/${FLAGS[0]}/environments/development`,
    );
    expect(moved.strategies.map((strategy) => strategy.name)).toEqual(['flexibleRollout']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
