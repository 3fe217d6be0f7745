import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { ExportResult } from '../../server/contract';
import {
  blockingFindings,
  createFlagThroughApi,
  e2eSuite,
  hasChromium,
  openSignedInPage,
  screenshot,
} from './support';

/**
 * Issue 18, import and export in Debian's Chromium against the real headless server: the operator
 * exports project A's flags (the browser downloads Unleash's file), the flags leave A, and the same
 * file imported into project B through the console's Validate and Import shows what was created.
 */
const USERNAME = 'transfer-operator';
const PASSWORD = 'Import-export-e2e-7';
const ADMIN = { username: USERNAME, password: PASSWORD };
const FLAGS = ['checkout-redesign', 'pricing-banner'];

describe.skipIf(!hasChromium)('import and export in the console (issue 18)', () => {
  const suite = e2eSuite('import-export', ADMIN);

  it('exports from one project and imports into another, showing the result', {
    timeout: 180_000,
  }, async () => {
    const { url } = suite;
    const { context, page, errors, api } = await openSignedInPage(suite, ADMIN, { acceptDownloads: true });
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
          constraints: [{ contextName: 'appName', operator: 'IN', values: ['web'] }],
        },
      );
      await api('POST', `/api/admin/projects/alpha/features/${name}/environments/development/on`);
      await api('POST', `/api/admin/features/${name}/tags`, { type: 'simple', value: 'moving' });
    }

    // Export from Alpha: all of the project's flags, development.
    await page.goto(`${url}/projects/alpha`);
    await page.getByRole('button', { name: 'Export flags' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export flags' });
    await dialog.getByLabel('Environment').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export', exact: true }).click(),
    ]);
    await dialog.getByText('Exported 2 flags from development.').waitFor();
    const filePath = await download.path();
    const file = JSON.parse(await readFile(filePath, 'utf8')) as ExportResult;
    expect(file.features.map((feature) => feature.name)).toEqual(FLAGS);
    expect(download.suggestedFilename()).toMatch(/^switchyard-export-alpha-development-.*\.json$/);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The flags move: they leave Alpha for good (a flag name lives in one project).
    for (const name of FLAGS) {
      await api('DELETE', `/api/admin/projects/alpha/features/${name}`);
      await api('DELETE', `/api/admin/archive/${name}`);
    }

    // Import into Beta through the console.
    await page.goto(`${url}/projects/beta`);
    await page.getByRole('button', { name: 'Import flags' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import flags' });
    await importDialog.getByLabel('Export file').setInputFiles(filePath);
    await importDialog.getByText(/: 2 flag\(s\)$/).waitFor();
    await importDialog.getByLabel('Target environment').click();
    await page
      .getByRole('listbox', { name: 'Target environment' })
      .getByRole('option', { name: 'development' })
      .click();
    await importDialog.getByRole('button', { name: 'Validate' }).click();
    await importDialog.getByText('The file is valid for this project and environment.').waitFor();
    await importDialog.getByText(`2 flag(s) will be created (${FLAGS.join(', ')})`).waitFor();
    await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
    await importDialog.getByText(`2 flag(s) created (${FLAGS.join(', ')})`).waitFor();
    await screenshot(page, 'import-export-result');
    expect(await blockingFindings(page)).toEqual([]);

    const moved = await api<{
      enabled: boolean;
      strategies: Array<{ name: string; constraints: unknown[] }>;
    }>('GET', `/api/admin/projects/beta/features/${FLAGS[0]}/environments/development`);
    expect(moved).toMatchObject({
      enabled: true,
      strategies: [{ name: 'flexibleRollout', constraints: [{ contextName: 'appName', values: ['web'] }] }],
    });
    expect(errors).toEqual([]);
    await context.close();
  });
});
