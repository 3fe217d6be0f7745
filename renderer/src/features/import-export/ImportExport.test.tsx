import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { ExportDialog } from './ExportDialog';
import { ImportDialog } from './ImportDialog';

const EXPORT = '/api/admin/features-batch/export';
const VALIDATE = '/api/admin/features-batch/validate';
const IMPORT = '/api/admin/features-batch/import';

const file = {
  features: [{ name: 'checkout', type: 'release' }],
  featureStrategies: [{ name: 'default', featureName: 'checkout' }],
  featureEnvironments: [],
  tagTypes: [],
};

const summary = (created: string[], changed: string[] = []) => ({
  features: { created, changed, unchanged: [] },
  contextFields: { created: [], changed: [], unchanged: [] },
  segments: { created: [], changed: [], unchanged: [] },
  tagTypes: { created: [], changed: [], unchanged: [] },
  skippedArchived: [],
  featureChanges: changed.map((feature) => ({ feature, parts: ['strategies'] })),
});

function pickFile(text: string, name = 'export.json') {
  const input = screen.getByLabelText('Export file') as HTMLInputElement;
  const picked = new File([text], name, { type: 'application/json' });
  Object.defineProperty(picked, 'text', { value: async () => text });
  fireEvent.change(input, { target: { files: [picked] } });
}

function importServer() {
  return createFakeServer()
    .on('GET', '/api/admin/projects', {
      version: 1,
      projects: [
        { id: 'web', name: 'Web' },
        { id: 'b', name: 'B' },
      ],
    })
    .on('GET', '/api/admin/projects/b/overview', { environments: [{ environment: 'development' }] })
    .on('GET', '/api/admin/projects/web/overview', { environments: [{ environment: 'development' }] });
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

describe('export dialog', { timeout: 20_000 }, () => {
  it('exports the project flags of the chosen environment and saves the file', async () => {
    const server = createFakeServer().on('POST', EXPORT, () => ({ body: file }));
    const save = vi.fn();
    await renderWithConsole(
      <ExportDialog
        projectId="web"
        flagNames={['checkout', 'banner']}
        environments={['development', 'production']}
        opened
        onClose={() => undefined}
        now={() => new Date('2026-11-25T10:00:00Z')}
        save={save}
      />,
      { server },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Exported 1 flag from development.')).toBeTruthy();
    expect(server.calls('POST', EXPORT)[0]?.body).toEqual({
      environment: 'development',
      downloadFile: true,
      project: 'web',
    });
    // Switchyard's extension (strategy sortOrder) keeps the strategies' order on re-import.
    expect(server.calls('POST', EXPORT)[0]?.query.get('extensions')).toBe('true');
    expect(save).toHaveBeenCalledWith('switchyard-export-web-development-2026-11-25.json', file);
  });

  it('exports the flags a search finds, or those with a tag', async () => {
    const server = createFakeServer().on('POST', EXPORT, () => ({ body: file }));
    await renderWithConsole(
      <ExportDialog
        projectId="web"
        flagNames={['checkout', 'checkout-v2', 'banner']}
        environments={['development']}
        opened
        onClose={() => undefined}
        save={() => undefined}
      />,
      { server },
    );
    fireEvent.click(screen.getByText('By search'));
    fireEvent.change(screen.getByLabelText('Flag name contains'), { target: { value: 'check' } });
    expect(screen.getByText('2 flag(s) match.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(server.calls('POST', EXPORT)).toHaveLength(1));
    expect(server.calls('POST', EXPORT)[0]?.body).toMatchObject({ features: ['checkout', 'checkout-v2'] });
    fireEvent.click(screen.getByText('By tag'));
    fireEvent.change(screen.getByLabelText('Tag value'), { target: { value: 'team-a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(server.calls('POST', EXPORT)).toHaveLength(2));
    expect(server.calls('POST', EXPORT)[1]?.body).toMatchObject({ tag: 'team-a' });
  });
});

describe('import dialog', { timeout: 20_000 }, () => {
  it("takes the file from a file input and preselects the project's first environment", async () => {
    const server = importServer()
      .on('GET', '/api/admin/projects/web/overview', {
        environments: [{ environment: 'development' }, { environment: 'production' }],
      })
      .on('POST', VALIDATE, { errors: [], warnings: [], permissions: [], summary: summary([], []) });
    await renderWithConsole(<ImportDialog defaultProject="web" opened onClose={() => undefined} />, {
      server,
    });
    expect(screen.getByRole('button', { name: /File to import/ })).toBeTruthy();
    pickFile(JSON.stringify(file));
    expect(await screen.findByText('export.json: 1 flag(s)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear the chosen file' })).toBeTruthy();
    await waitFor(() =>
      expect((selectInput('Target environment') as HTMLInputElement).value).toBe('development'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    await waitFor(() => expect(server.calls('POST', VALIDATE)).toHaveLength(1));
    expect(server.calls('POST', VALIDATE)[0]?.body).toMatchObject({
      project: 'web',
      environment: 'development',
    });
  });

  it('validates, shows errors and warnings, and keeps Import off while there are errors', async () => {
    const server = importServer().on('POST', VALIDATE, {
      errors: [
        {
          message: 'We detected the following segments that need to be created first:',
          affectedItems: ['beta'],
        },
      ],
      warnings: [
        {
          message: 'The following features already exist in this project and will be overwritten:',
          affectedItems: ['checkout'],
        },
      ],
      permissions: [],
      summary: summary([], ['checkout']),
    });
    await renderWithConsole(<ImportDialog defaultProject="web" opened onClose={() => undefined} />, {
      server,
    });
    pickFile(JSON.stringify(file));
    expect(await screen.findByText('export.json: 1 flag(s)')).toBeTruthy();
    await chooseTarget();
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('beta')).toBeTruthy();
    expect(screen.getByText(/already exist in this project/)).toBeTruthy();
    // The summary is Switchyard's extension of Unleash's answer: asked for.
    expect(server.calls('POST', VALIDATE)[0]?.query.get('extensions')).toBe('true');
    expect(screen.getByText('checkout: strategies')).toBeTruthy();
    expect(server.calls('POST', VALIDATE)[0]?.body).toMatchObject({
      project: 'b',
      environment: 'development',
    });
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('imports a valid file and shows what was created', async () => {
    const server = importServer()
      .on('POST', VALIDATE, { errors: [], warnings: [], permissions: [], summary: summary(['checkout']) })
      .on('POST', IMPORT, { summary: summary(['checkout']) });
    await renderWithConsole(<ImportDialog defaultProject="web" opened onClose={() => undefined} />, {
      server,
    });
    pickFile(JSON.stringify(file));
    await screen.findByText('export.json: 1 flag(s)');
    await chooseTarget();
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('1 flag(s) will be created (checkout)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('1 flag(s) created (checkout)')).toBeTruthy();
    expect(server.calls('POST', IMPORT)[0]?.body).toEqual({
      project: 'b',
      environment: 'development',
      data: file,
    });
  });

  it('says so when the file is not an export, and shows a refused import', async () => {
    const server = importServer()
      .on('POST', VALIDATE, { errors: [], warnings: [], permissions: [] })
      .on('POST', IMPORT, answer(403, { name: 'PermissionError', message: 'You lack CREATE_FEATURE' }));
    await renderWithConsole(<ImportDialog defaultProject="web" opened onClose={() => undefined} />, {
      server,
    });
    pickFile('{"hello":1}');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText(/not a flag export/)).toBeTruthy();
    pickFile(JSON.stringify(file));
    await screen.findByText('export.json: 1 flag(s)');
    await chooseTarget();
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    await screen.findByText('The file is valid for this project and environment.');
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText(/You lack CREATE_FEATURE/)).toBeTruthy();
  });
});
