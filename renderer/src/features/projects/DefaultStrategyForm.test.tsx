import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeServer, unleashError } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import type { StrategyDefinition } from '../strategies/strategies-api';
import { DefaultStrategyForm } from './DefaultStrategyForm';

const PATH = '/api/admin/projects/web/environments/production/default-strategy';

const definitions: StrategyDefinition[] = [
  {
    name: 'flexibleRollout',
    title: null,
    displayName: 'Gradual rollout',
    description: null,
    editable: false,
    deprecated: false,
    parameters: [
      { name: 'rollout', type: 'percentage', description: '', required: false },
      { name: 'stickiness', type: 'string', description: '', required: true },
      { name: 'groupId', type: 'string', description: '', required: true },
    ],
  },
  {
    name: 'byRegion',
    title: 'By region',
    displayName: null,
    description: null,
    editable: true,
    deprecated: false,
    parameters: [
      { name: 'regions', type: 'list', description: '', required: true },
      { name: 'weight', type: 'number', description: '', required: false },
    ],
  },
];

describe('project default strategy', () => {
  it('saves a gradual rollout without a group id, so each flag uses its own name', async () => {
    const server = createFakeServer().on('POST', PATH, (request) => ({ body: request.body }));
    const onDone = vi.fn();
    await renderWithConsole(
      <DefaultStrategyForm
        projectId="web"
        environment="production"
        current={undefined}
        definitions={definitions}
        onDone={onDone}
        onCancel={() => undefined}
      />,
      { server },
    );
    fireEvent.change(screen.getByLabelText('Rollout (%)'), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save default strategy' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(server.calls('POST', PATH)[0]?.body).toEqual({
      name: 'flexibleRollout',
      title: null,
      parameters: { rollout: '25', stickiness: 'default' },
      constraints: [],
    });
  });

  it('offers custom strategies with their typed parameters and shows refusals', async () => {
    const server = createFakeServer().on('POST', PATH, () =>
      unleashError(403, 'NoAccessError', 'You need PROJECT_DEFAULT_STRATEGY_WRITE'),
    );
    await renderWithConsole(
      <DefaultStrategyForm
        projectId="web"
        environment="production"
        current={{ name: 'byRegion', parameters: { regions: 'eu', weight: '' }, constraints: [] }}
        definitions={definitions}
        onDone={() => undefined}
        onCancel={() => undefined}
      />,
      { server },
    );
    expect((screen.getByLabelText('Strategy') as HTMLSelectElement).value).toBe('byRegion');
    fireEvent.change(screen.getByLabelText('weight'), { target: { value: 'heavy' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save default strategy' }));
    expect(await screen.findByText('Enter a number')).toBeTruthy();
    expect(server.calls('POST', PATH)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('weight'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save default strategy' }));
    expect(await screen.findByText('You need PROJECT_DEFAULT_STRATEGY_WRITE')).toBeTruthy();
    expect(server.calls('POST', PATH)[0]?.body).toEqual({
      name: 'byRegion',
      title: null,
      parameters: { regions: 'eu', weight: '2' },
      constraints: [],
    });
  });
});
