import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { ExportDialog } from './ExportDialog';
import { ImportDialog } from './ImportDialog';

const PLAN = '/api/admin/bundles/plan';
const APPLY = '/api/admin/bundles/apply';

const bundle = {
  format: 'switchyard-bundle',
  formatVersion: 1,
  metadata: {
    sourceInstanceId: 'i-1',
    sourceInstanceName: 'staging.example.com',
    createdAt: '2026-11-25T10:00:00.000Z',
    author: 'alice',
    environment: 'development',
    selection: 'project: web',
  },
  export: {
    features: [{ name: 'checkout' }, { name: 'banner' }],
    featureStrategies: [],
    featureEnvironments: [],
    tagTypes: [],
  },
  hash: `sha256:${'a'.repeat(64)}`,
  signature: {
    algorithm: 'ed25519',
    publicKey: 'MCowBQYDK2VwAyEA',
    fingerprint: `sha256:${'b'.repeat(64)}`,
    value: 'c2ln',
  },
};

const verification = (trusted: boolean) => ({
  hash: bundle.hash,
  hashValid: true,
  signed: true,
  signatureValid: true,
  signer: {
    fingerprint: bundle.signature.fingerprint,
    publicKey: bundle.signature.publicKey,
    trusted,
    name: trusted ? 'staging' : null,
  },
  trusted,
  problems: trusted ? [] : [`The signer ${bundle.signature.fingerprint} is not a trusted key`],
  metadata: bundle.metadata,
});

const diff = {
  project: 'b',
  environment: 'development',
  added: ['banner'],
  changed: [{ feature: 'checkout', parts: ['strategies', 'tags'] }],
  unchanged: [],
  removed: ['legacy'],
  skippedArchived: [],
  contextFieldsCreated: [],
  segmentsCreated: [],
  tagTypesCreated: [],
};

const summary = {
  features: { created: ['banner'], changed: ['checkout'], unchanged: [] },
  contextFields: { created: [], changed: [], unchanged: [] },
  segments: { created: [], changed: [], unchanged: [] },
  tagTypes: { created: [], changed: [], unchanged: [] },
  skippedArchived: [],
  featureChanges: [{ feature: 'checkout', parts: ['strategies', 'tags'] }],
};

function server(trusted: boolean) {
  return createFakeServer()
    .on('GET', '/api/admin/projects', { version: 1, projects: [{ id: 'b', name: 'B' }] })
    .on('GET', '/api/admin/projects/b/overview', { environments: [{ environment: 'development' }] })
    .on('POST', PLAN, {
      verification: verification(trusted),
      errors: [],
      warnings: [],
      permissions: [],
      diff,
    })
    .on('POST', APPLY, () => ({
      body: { verification: verification(trusted), overridden: !trusted, eventId: 42, result: { summary } },
    }));
}

function pickFile(text: string, name: string) {
  const picked = new File([text], name, { type: 'application/json' });
  Object.defineProperty(picked, 'text', { value: async () => text });
  fireEvent.change(screen.getByLabelText('Export file'), { target: { files: [picked] } });
}

const selectInput = (label: string) =>
  screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT') as HTMLElement;

async function chooseTarget() {
  fireEvent.click(selectInput('Target project'));
  fireEvent.click(await screen.findByRole('option', { name: 'B' }));
  await waitFor(() => {
    fireEvent.click(selectInput('Target environment'));
    expect(screen.getByRole('option', { name: 'development' })).toBeTruthy();
  });
  fireEvent.click(screen.getByRole('option', { name: 'development' }));
}

describe('signed bundles in the import dialog (issue 18)', { timeout: 20_000 }, () => {
  it('shows the signer as trusted and the diff, then applies and says it was recorded', async () => {
    const fake = server(true);
    await renderWithConsole(<ImportDialog defaultProject="b" opened onClose={() => undefined} />, {
      server: fake,
    });
    pickFile(JSON.stringify(bundle), 'bundle.json');
    expect(await screen.findByText('bundle.json: signed bundle, 2 flag(s)')).toBeTruthy();
    await chooseTarget();
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    const trust = await screen.findByTestId('bundle-trust');
    expect(within(trust).getByText('Signed by a trusted key')).toBeTruthy();
    expect(within(trust).getByText('Trusted as staging')).toBeTruthy();
    expect(trust.textContent).toContain(
      'From staging.example.com (development, project: web), made by alice',
    );
    const changes = screen.getByLabelText('Changes in b / development');
    expect(changes.textContent).toContain('Added (1): banner');
    expect(changes.textContent).toContain('checkout: strategies, tags');
    expect(changes.textContent).toContain('Not in the bundle (left as they are) (1): legacy');
    expect(screen.queryByLabelText(/Apply anyway/)).toBeNull();
    expect(fake.calls('POST', PLAN)[0]?.body).toMatchObject({
      project: 'b',
      environment: 'development',
      bundle,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(
      await screen.findByText(/Recorded in the event log \(event #42\) with the bundle hash\./),
    ).toBeTruthy();
    expect(fake.calls('POST', APPLY)[0]?.body).not.toHaveProperty('override');
  });

  it('an untrusted bundle imports only after the override is ticked, which is sent', async () => {
    const fake = server(false);
    await renderWithConsole(<ImportDialog defaultProject="b" opened onClose={() => undefined} />, {
      server: fake,
    });
    pickFile(JSON.stringify(bundle), 'bundle.json');
    await screen.findByText('bundle.json: signed bundle, 2 flag(s)');
    await chooseTarget();
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    const trust = await screen.findByTestId('bundle-trust');
    expect(within(trust).getByText('Not trusted')).toBeTruthy();
    expect(within(trust).getByText('Signer not trusted')).toBeTruthy();
    const importButton = screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement;
    expect(importButton.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText(/Apply anyway/));
    await waitFor(() => expect(importButton.disabled).toBe(false));
    fireEvent.click(importButton);
    expect(await screen.findByText(/as an override\./)).toBeTruthy();
    expect(fake.calls('POST', APPLY)[0]?.body).toMatchObject({ override: true });
  });
});

describe('export dialog: signed bundle format', { timeout: 20_000 }, () => {
  it('exports through the bundle operation and saves a bundle file', async () => {
    const fake = createFakeServer().on('POST', '/api/admin/bundles/export', () => ({ body: bundle }));
    const save = vi.fn();
    await renderWithConsole(
      <ExportDialog
        projectId="web"
        flagNames={['checkout', 'banner']}
        environments={['development']}
        opened
        onClose={() => undefined}
        now={() => new Date('2026-11-25T10:00:00Z')}
        save={save}
      />,
      { server: fake },
    );
    fireEvent.click(screen.getByText('Signed bundle'));
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Exported 2 flags from development as a signed bundle.')).toBeTruthy();
    expect(fake.calls('POST', '/api/admin/bundles/export')[0]?.body).toMatchObject({
      environment: 'development',
      project: 'web',
    });
    expect(save).toHaveBeenCalledWith('switchyard-bundle-web-development-2026-11-25.json', bundle);
  });
});
