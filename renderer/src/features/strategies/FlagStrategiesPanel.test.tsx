import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, unleashError } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { FlagStrategiesPanel } from './FlagStrategiesPanel';
import type { FeatureStrategy } from './strategies-api';
import { distributeWeights, newVariantDraft, toStrategyVariants, variantProblems } from './variant-weights';

const BASE = '/api/admin/projects/default/features/checkout/environments/production/strategies';

const param = (name: string, type: string, required = false) => ({ name, type, description: '', required });
const definition = (name: string, title: string, parameters: ReturnType<typeof param>[]) => ({
  name,
  title,
  displayName: title,
  description: null,
  editable: false,
  deprecated: false,
  parameters,
});

const rollout: FeatureStrategy = {
  id: 'st-1',
  name: 'flexibleRollout',
  title: 'Half of everyone',
  disabled: false,
  sortOrder: 0,
  segments: [7],
  constraints: [
    { contextName: 'region', operator: 'IN', values: ['eu'], inverted: false, caseInsensitive: false },
  ],
  variants: [],
  parameters: { rollout: '50', stickiness: 'default', groupId: 'checkout' },
};

const internal: FeatureStrategy = {
  id: 'st-2',
  name: 'userWithId',
  title: null,
  disabled: false,
  sortOrder: 1,
  segments: [],
  constraints: [],
  variants: [],
  parameters: { userIds: 'ada,grace' },
};

function strategyServer() {
  let strategies: FeatureStrategy[] = [structuredClone(rollout), structuredClone(internal)];
  const server = createFakeServer()
    .on('GET', BASE, () => ({ body: strategies }))
    .on('GET', '/api/admin/strategies', {
      version: 1,
      strategies: [
        definition('flexibleRollout', 'Gradual rollout', [
          param('rollout', 'percentage'),
          param('stickiness', 'string', true),
          param('groupId', 'string', true),
        ]),
        definition('default', 'Standard', []),
        definition('userWithId', 'UserIDs', [param('userIds', 'list')]),
        definition('remoteAddress', 'IPs', [param('IPs', 'list', true)]),
        definition('applicationHostname', 'Hosts', [param('hostNames', 'list')]),
      ],
    })
    .on('GET', '/api/admin/segments', {
      segments: [
        {
          id: 7,
          name: 'beta-users',
          description: null,
          constraints: [],
          project: null,
          createdBy: null,
          createdAt: '2026-11-01T00:00:00Z',
        },
        {
          id: 8,
          name: 'elsewhere',
          description: null,
          constraints: [],
          project: 'other',
          createdBy: null,
          createdAt: '2026-11-01T00:00:00Z',
        },
      ],
    })
    .on('GET', '/api/admin/context', [
      {
        name: 'userId',
        description: null,
        stickiness: false,
        sortOrder: 1,
        createdAt: null,
        legalValues: [],
      },
      {
        name: 'tenantId',
        description: null,
        stickiness: true,
        sortOrder: 2,
        createdAt: null,
        legalValues: [],
      },
      {
        name: 'region',
        description: null,
        stickiness: false,
        sortOrder: 3,
        createdAt: null,
        legalValues: [{ value: 'eu' }],
      },
    ])
    .on('POST', BASE, (request) => {
      const created = { ...(request.body as FeatureStrategy), id: 'st-new', sortOrder: 2 };
      strategies = [...strategies, created];
      return { body: created };
    })
    .on('POST', `${BASE}/set-sort-order`, (request) => {
      const order = request.body as Array<{ id: string; sortOrder: number }>;
      strategies = strategies.map((strategy) => ({
        ...strategy,
        sortOrder: order.find((entry) => entry.id === strategy.id)?.sortOrder ?? strategy.sortOrder,
      }));
      return { status: 200 };
    });
  for (const id of ['st-1', 'st-2']) {
    server
      .on('GET', `${BASE}/${id}`, () => ({ body: strategies.find((strategy) => strategy.id === id) }))
      .on('PUT', `${BASE}/${id}`, (request) => {
        strategies = strategies.map((strategy) =>
          strategy.id === id ? { ...strategy, ...(request.body as Partial<FeatureStrategy>) } : strategy,
        );
        return { body: strategies.find((strategy) => strategy.id === id) };
      })
      .on('DELETE', `${BASE}/${id}`, () => {
        strategies = strategies.filter((strategy) => strategy.id !== id);
        return { status: 200 };
      });
  }
  return server;
}

async function renderPanel(server = strategyServer()) {
  const view = await renderWithConsole(
    <FlagStrategiesPanel project="default" flagName="checkout" environment="production" />,
    { server },
  );
  await screen.findByTestId('strategy-st-1');
  return view;
}

async function openAdd() {
  const add = screen.getByRole('button', { name: 'Add strategy' });
  await waitFor(() => expect(add.hasAttribute('disabled')).toBe(false));
  fireEvent.click(add);
  return screen.findByRole('dialog');
}

function typeTag(input: HTMLElement, value: string) {
  // Mantine ignores changes to an unfocused input (autofill); a person types into a focused one.
  input.focus();
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

describe('flag strategies panel', () => {
  it('lists the strategies of the environment with what they do', async () => {
    await renderPanel();
    const first = screen.getByTestId('strategy-st-1');
    expect(first.textContent).toContain('Half of everyone');
    expect(first.textContent).toContain('Rollout 50%');
    expect(await within(first).findByText('Segments: beta-users')).toBeTruthy();
    expect(first.textContent).toContain('region is one of eu');
    expect(screen.getByTestId('strategy-st-2').textContent).toContain('User IDs: ada, grace');
  });

  it('adds a gradual rollout with a constraint, a segment and two variants', async () => {
    const server = strategyServer();
    await renderPanel(server);
    const dialog = within(await openAdd());
    // The stickiness choices include context fields marked for stickiness.
    await dialog.findByRole('option', { name: 'tenantId' });
    fireEvent.change(dialog.getByLabelText('Rollout (%)'), { target: { value: '25' } });
    fireEvent.change(dialog.getByLabelText(/^Stickiness/), { target: { value: 'userId' } });
    fireEvent.change(dialog.getByLabelText(/^Title/), { target: { value: 'QA first' } });

    const segments = dialog.getByRole('combobox', { name: /^Segments/ });
    segments.focus();
    fireEvent.click(segments);
    expect(dialog.queryByRole('option', { name: 'elsewhere' })).toBeNull();
    fireEvent.click(await dialog.findByRole('option', { name: 'beta-users' }));

    fireEvent.click(dialog.getByRole('button', { name: 'Add constraint' }));
    const constraint = within(dialog.getByTestId('constraint-0'));
    fireEvent.change(constraint.getByLabelText('Operator'), { target: { value: 'STR_STARTS_WITH' } });
    typeTag(constraint.getByRole('combobox', { name: 'Values' }), 'qa-');

    fireEvent.click(dialog.getByRole('button', { name: 'Add variant' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Add variant' }));
    const blue = within(dialog.getByTestId('variant-0'));
    const green = within(dialog.getByTestId('variant-1'));
    fireEvent.change(blue.getByLabelText('Variant name'), { target: { value: 'blue' } });
    fireEvent.change(blue.getByLabelText('Payload'), { target: { value: 'json' } });
    fireEvent.change(blue.getByLabelText('Payload value'), { target: { value: '{"color":"blue"}' } });
    fireEvent.change(green.getByLabelText('Variant name'), { target: { value: 'green' } });
    fireEvent.change(green.getByLabelText('Weight type'), { target: { value: 'fix' } });
    fireEvent.change(green.getByLabelText('Weight (%)'), { target: { value: '30' } });
    expect(blue.getByTestId('variant-0-share').textContent).toBe('70%');
    expect(green.getByTestId('variant-1-share').textContent).toBe('30%');

    fireEvent.click(dialog.getByRole('button', { name: 'Add strategy' }));
    expect(await screen.findByText('QA first added.')).toBeTruthy();
    expect(server.calls('POST', BASE)[0]?.body).toEqual({
      name: 'flexibleRollout',
      title: 'QA first',
      disabled: false,
      parameters: { rollout: '25', stickiness: 'userId', groupId: 'checkout' },
      constraints: [
        {
          contextName: 'userId',
          operator: 'STR_STARTS_WITH',
          values: ['qa-'],
          inverted: false,
          caseInsensitive: false,
        },
      ],
      segments: [7],
      variants: [
        {
          name: 'blue',
          weightType: 'variable',
          weight: 700,
          stickiness: 'userId',
          payload: { type: 'json', value: '{"color":"blue"}' },
        },
        { name: 'green', weightType: 'fix', weight: 300, stickiness: 'userId' },
      ],
    });
    expect(await screen.findByTestId('strategy-st-new')).toBeTruthy();
  });

  it('refuses fixed weights over 100% and invalid JSON payloads before sending', async () => {
    const server = strategyServer();
    await renderPanel(server);
    const dialog = within(await openAdd());
    fireEvent.click(dialog.getByRole('button', { name: 'Add variant' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Add variant' }));
    const first = within(dialog.getByTestId('variant-0'));
    const second = within(dialog.getByTestId('variant-1'));
    fireEvent.change(first.getByLabelText('Weight type'), { target: { value: 'fix' } });
    fireEvent.change(first.getByLabelText('Weight (%)'), { target: { value: '80' } });
    fireEvent.change(second.getByLabelText('Weight type'), { target: { value: 'fix' } });
    fireEvent.change(second.getByLabelText('Weight (%)'), { target: { value: '30' } });
    expect(dialog.getByTestId('variants-problem').textContent).toBe(
      'Fixed weights add up to 110%, more than 100%',
    );
    fireEvent.change(second.getByLabelText('Weight type'), { target: { value: 'variable' } });
    expect(second.getByTestId('variant-1-share').textContent).toBe('20%');
    fireEvent.change(second.getByLabelText('Payload'), { target: { value: 'json' } });
    fireEvent.change(second.getByLabelText('Payload value'), { target: { value: '{nope' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add strategy' }));
    expect(await second.findByText('Not valid JSON')).toBeTruthy();
    expect(server.calls('POST', BASE)).toHaveLength(0);
  });

  it("edits a strategy's rollout and shows the server's message for a refused constraint", async () => {
    const refusal = 'input values are not specified as a legal value on this context field';
    const server = strategyServer()
      .on('PUT', `${BASE}/st-1`, unleashError(400, 'BadDataError', `Request validation failed: ${refusal}`))
      .on('POST', '/api/admin/constraints/validate', unleashError(400, 'BadDataError', refusal));
    await renderPanel(server);
    fireEvent.click(within(screen.getByTestId('strategy-st-1')).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('Rollout (%)'), { target: { value: '75' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save strategy' }));
    expect((await dialog.findByTestId('constraint-0-server-error')).textContent).toBe(refusal);
    expect(server.calls('PUT', `${BASE}/st-1`)[0]?.body).toMatchObject({
      name: 'flexibleRollout',
      title: 'Half of everyone',
      parameters: { rollout: '75', stickiness: 'default', groupId: 'checkout' },
      segments: [7],
      constraints: rollout.constraints,
    });
  });

  it('disables, reorders and deletes strategies', async () => {
    const server = strategyServer();
    await renderPanel(server);
    fireEvent.click(within(screen.getByTestId('strategy-st-1')).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Half of everyone disabled.')).toBeTruthy();
    expect(server.calls('PUT', `${BASE}/st-1`)[0]?.body).toMatchObject({
      disabled: true,
      name: 'flexibleRollout',
    });
    await within(screen.getByTestId('strategy-st-1')).findByText('Disabled');

    fireEvent.click(screen.getByRole('button', { name: 'Move Half of everyone down' }));
    await waitFor(() =>
      expect(server.calls('POST', `${BASE}/set-sort-order`)[0]?.body).toEqual([
        { id: 'st-2', sortOrder: 0 },
        { id: 'st-1', sortOrder: 1 },
      ]),
    );

    const remove = within(screen.getByTestId('strategy-st-2')).getByRole('button', { name: 'Delete' });
    // Actions wait while the reorder is under way.
    await waitFor(() => expect(remove.hasAttribute('disabled')).toBe(false));
    fireEvent.click(remove);
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete strategy' }),
    );
    await waitFor(() => expect(screen.queryByTestId('strategy-st-2')).toBeNull());
    expect(server.calls('DELETE', `${BASE}/st-2`)).toHaveLength(1);
  });

  it('queues an edit made offline and sends it once the server is back', async () => {
    const server = strategyServer();
    const { console: app } = await renderPanel(server);
    server.offline = true;
    fireEvent.click(within(screen.getByTestId('strategy-st-2')).getByRole('button', { name: 'Disable' }));
    const row = screen.getByTestId('strategy-st-2');
    expect((await within(row).findByTestId('pending-badge')).textContent).toBe('Pending');
    expect(within(row).getByText('Disabled')).toBeTruthy();
    expect(app.store.getState().outbox[0]).toMatchObject({
      kind: 'strategy',
      target: 'default/checkout/production/st-2',
      base: { disabled: false },
      mine: { disabled: true },
    });

    server.offline = false;
    await app.checkConnection();
    await waitFor(() => expect(app.store.getState().outbox).toEqual([]));
    expect(server.calls('PUT', `${BASE}/st-2`)[0]?.body).toMatchObject({ disabled: true });
  });
  it('queues a strategy added offline, shows it as pending and creates it once the server is back', async () => {
    const server = strategyServer();
    const { console: app } = await renderPanel(server);
    const dialog = within(await openAdd());
    fireEvent.change(dialog.getByLabelText(/^Strategy/), { target: { value: 'remoteAddress' } });
    typeTag(dialog.getByRole('combobox', { name: /^IP addresses/ }), '10.0.0.0/8');
    server.offline = true;
    fireEvent.click(dialog.getByRole('button', { name: 'Add strategy' }));
    await waitFor(() => expect(app.store.getState().outbox).toHaveLength(1));
    expect(app.store.getState().outbox[0]).toMatchObject({
      kind: 'strategy',
      base: null,
      request: { method: 'POST' },
    });
    const pending = await screen.findByText('IP addresses: 10.0.0.0/8');
    expect(pending.closest('[data-testid^="strategy-"]')?.textContent).toContain('Pending');

    server.offline = false;
    await app.checkConnection();
    await waitFor(() => expect(app.store.getState().outbox).toEqual([]));
    expect(server.calls('POST', BASE)[0]?.body).toMatchObject({
      name: 'remoteAddress',
      parameters: { IPs: '10.0.0.0/8' },
    });
  });
});

describe('variant weights', () => {
  const variable = (name: string) => newVariantDraft(name, 'default');

  it('splits what fixed variants leave evenly, the remainder to the first', () => {
    expect(distributeWeights([variable('a'), variable('b'), variable('c')])).toEqual([334, 333, 333]);
    expect(
      distributeWeights([
        variable('a'),
        { ...variable('b'), weightType: 'fix', percent: '12.5' },
        variable('c'),
      ]),
    ).toEqual([438, 125, 437]);
  });

  it('asks for a variable variant and at most 100% of fixed weight', () => {
    expect(variantProblems([{ ...variable('a'), weightType: 'fix', percent: '100' }]).overall).toMatch(
      /variable weight/,
    );
    expect(
      variantProblems([{ ...variable('a'), weightType: 'fix', percent: '100.5' }]).byIndex[0]?.percent,
    ).toBeTruthy();
    expect(variantProblems([variable('a'), variable('a')]).byIndex[1]?.name).toBe(
      'Another variant is already called a',
    );
  });

  it('sends no payload when none is chosen', () => {
    expect(toStrategyVariants([variable('a')])).toEqual([
      { name: 'a', weightType: 'variable', weight: 1000, stickiness: 'default' },
    ]);
  });
});
