import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, unleashError } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { StrategiesScreen } from './StrategiesScreen';

function strategyServer() {
  const strategies = [
    {
      name: 'flexibleRollout',
      title: null,
      displayName: 'Gradual rollout',
      description: 'Roll out to a percentage',
      editable: false,
      deprecated: false,
      parameters: [{ name: 'rollout', type: 'percentage', description: '', required: false }],
    },
    {
      name: 'byRegion',
      title: 'By region',
      displayName: null,
      description: 'Regions listed',
      editable: true,
      deprecated: false,
      parameters: [{ name: 'regions', type: 'list', description: 'Region codes', required: true }],
    },
  ];
  const server = createFakeServer()
    .on('GET', '/api/admin/strategies', () => ({ body: { version: 1, strategies } }))
    .on('POST', '/api/admin/strategies', (request) => {
      const body = request.body as { name: string };
      if (body.name === 'taken') {
        return unleashError(409, 'NameExistsError', 'Strategy with name taken already exist!');
      }
      strategies.push({ ...strategies[1]!, ...body, displayName: null, editable: true } as never);
      return { status: 201, body };
    })
    .on('PUT', '/api/admin/strategies/byRegion', (request) => {
      Object.assign(strategies[1]!, request.body);
      return { status: 200 };
    })
    .on('POST', '/api/admin/strategies/byRegion/deprecate', () => {
      strategies[1]!.deprecated = true;
      return { status: 200 };
    })
    .on('POST', '/api/admin/strategies/byRegion/reactivate', () => {
      strategies[1]!.deprecated = false;
      return { status: 200 };
    })
    .on('DELETE', '/api/admin/strategies/byRegion', () => {
      strategies.splice(1, 1);
      return { status: 200 };
    });
  return { server, strategies };
}

async function openNew() {
  fireEvent.click(await screen.findByRole('button', { name: 'New custom strategy' }));
  return screen.findByRole('dialog');
}

describe('strategies screen', () => {
  it('lists built-in strategies by display name and custom ones with their typed parameters', async () => {
    await renderWithConsole(<StrategiesScreen />, strategyServer());
    const builtIn = await screen.findByTestId('strategy-flexibleRollout');
    expect(builtIn.textContent).toContain('Gradual rollout');
    expect(builtIn.textContent).toContain('built in');
    expect(within(builtIn).queryByRole('button', { name: 'Edit flexibleRollout' })).toBeNull();
    expect(screen.getByTestId('strategy-byRegion').textContent).toContain('regions (list, required)');
  });

  it('creates a custom strategy with one parameter of each type', async () => {
    const { server } = strategyServer();
    await renderWithConsole(<StrategiesScreen />, { server });
    const dialog = await openNew();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'beta-cohort' } });
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'Beta cohort' } });
    const types = ['string', 'percentage', 'list', 'number', 'boolean'];
    types.forEach((type, index) => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add parameter' }));
      fireEvent.change(within(dialog).getByLabelText(new RegExp(`^Parameter ${index + 1} name`)), {
        target: { value: `p-${type}` },
      });
      fireEvent.change(within(dialog).getByLabelText(`Parameter ${index + 1} type`), {
        target: { value: type },
      });
    });
    fireEvent.click(within(dialog).getAllByLabelText('Required')[2]!);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create strategy' }));
    expect(await screen.findByText('Strategy beta-cohort created.')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/strategies')[0]?.body).toEqual({
      name: 'beta-cohort',
      title: 'Beta cohort',
      description: '',
      parameters: types.map((type, index) => ({
        name: `p-${type}`,
        type,
        description: '',
        required: index === 2,
      })),
    });
  }, 20_000);

  it('checks names locally and shows a taken name next to the field', async () => {
    const { server } = strategyServer();
    await renderWithConsole(<StrategiesScreen />, { server });
    const dialog = await openNew();
    const name = within(dialog).getByLabelText(/^Name/);
    fireEvent.change(name, { target: { value: 'byRegion' } });
    expect(within(dialog).getByText('A strategy named byRegion already exists')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'has space' } });
    expect(within(dialog).getByText(/URL-friendly/)).toBeTruthy();
    fireEvent.change(name, { target: { value: 'taken' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add parameter' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create strategy' }));
    expect(await within(dialog).findByText('Name the parameter')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/strategies')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/^Parameter 1 name/), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create strategy' }));
    const refusal = await within(dialog).findByText('Strategy with name taken already exist!');
    expect(refusal.closest('.mantine-InputWrapper-root')?.querySelector('input')?.value).toBe('taken');
  }, 20_000);

  it('edits, deprecates, reactivates and deletes a custom strategy', async () => {
    const { server, strategies } = strategyServer();
    await renderWithConsole(<StrategiesScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit byRegion' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Parameter 1 type'), { target: { value: 'string' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save strategy' }));
    expect(await screen.findByText('Strategy byRegion saved.')).toBeTruthy();
    expect(server.calls('PUT', '/api/admin/strategies/byRegion')[0]?.body).toEqual({
      name: 'byRegion',
      title: 'By region',
      description: 'Regions listed',
      parameters: [{ name: 'regions', type: 'string', description: 'Region codes', required: true }],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Deprecate byRegion' }));
    await waitFor(() => expect(strategies[1]?.deprecated).toBe(true));
    expect(await within(screen.getByTestId('strategy-byRegion')).findByText('deprecated')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reactivate byRegion' }));
    await waitFor(() => expect(strategies[1]?.deprecated).toBe(false));

    fireEvent.click(screen.getByRole('button', { name: 'Delete byRegion' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete strategy' }),
    );
    await waitFor(() => expect(screen.queryByTestId('strategy-byRegion')).toBeNull());
    expect(server.calls('DELETE', '/api/admin/strategies/byRegion')).toHaveLength(1);
  }, 20_000);
});
