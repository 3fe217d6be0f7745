import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Feature, Variant } from '../../api/flag-api';
import { answer, createFakeServer, type FakeServer, unleashError } from '../../test-utils/fake-server';
import { checkoutFlag } from '../../test-utils/fixtures';
import { renderWithConsole } from '../../test-utils/render';
import { ProjectsScreen } from '../projects/ProjectsScreen';

const FLAG = '/api/admin/projects/default/features/checkout';

/**
 * A server holding one flag, `checkout` in `default`, that the flag page reads and changes:
 * environments switch, variants, tags, stale and description change, archive and revive work.
 */
function flagPageServer(): { server: FakeServer; feature: Feature; variants: Record<string, Variant[]> } {
  const feature = checkoutFlag({
    description: 'The new checkout',
    createdBy: { id: 1, name: 'Ada Admin', imageUrl: '' },
  });
  const variants: Record<string, Variant[]> = {
    development: [{ name: 'red', weight: 1000, weightType: 'variable', stickiness: 'default' }],
    production: [],
  };
  const tags = [{ type: 'simple', value: 'checkout-team' }];
  let archived = false;

  const server = createFakeServer()
    .on('GET', FLAG, () =>
      archived
        ? unleashError(404, 'NotFoundError', 'Could not find feature flag with name checkout')
        : { body: feature },
    )
    .on('PATCH', FLAG, (request) => {
      for (const operation of request.body as Array<{ path: string; value: unknown }>) {
        Object.assign(feature, { [operation.path.slice(1)]: operation.value });
      }
      return { body: feature };
    })
    .on('DELETE', FLAG, () => {
      archived = true;
      return answer(202);
    })
    .on('POST', '/api/admin/projects/default/revive', () => {
      archived = false;
      return answer(200);
    })
    .on('GET', '/api/admin/search/features', (request) => ({
      body:
        request.query.get('archived') === 'IS:true' && archived
          ? {
              total: 1,
              features: [
                {
                  ...feature,
                  dependencyType: null,
                  potentiallyStale: false,
                  favorite: false,
                  archivedAt: '2026-11-22T09:30:00.000Z',
                  lastSeenAt: null,
                  environments: [],
                  segments: [],
                  tags,
                  createdBy: { id: 1, name: 'Ada Admin', imageUrl: '' },
                },
              ],
            }
          : { total: 0, features: [] },
    }))
    .on('GET', `${FLAG}/parents`, ['payment-provider'])
    .on('GET', `${FLAG}/environments/development/release-plans`, [])
    .on('GET', `${FLAG}/environments/production/release-plans`, [])
    .on('GET', '/api/admin/projects/default/features/payment-provider/parent-variants', ['stripe', 'adyen'])
    .on('POST', `${FLAG}/dependencies`, (request) => {
      const body = request.body as { feature: string; enabled: boolean; variants?: string[] };
      feature.dependencies = [
        { feature: body.feature, enabled: body.enabled, variants: body.variants ?? [] },
      ];
      return answer(200);
    })
    .on('GET', '/api/admin/features/checkout/tags', () => ({ body: { version: 1, tags } }))
    .on('POST', '/api/admin/features/checkout/tags', (request) => {
      tags.push(request.body as { type: string; value: string });
      return answer(201, request.body);
    })
    .on('GET', '/api/admin/tag-types', {
      version: 1,
      tagTypes: [{ name: 'simple', description: 'Simple tags' }],
    })
    .on('GET', '/api/admin/context', [])
    // Read by the strategies panel of each environment.
    .on('GET', '/api/admin/strategies', { version: 1, strategies: [] })
    .on('GET', '/api/admin/segments', { segments: [] })
    .on('GET', '/api/admin/events/checkout', {
      version: 1,
      toggleName: 'checkout',
      totalEvents: 2,
      events: [
        event(1, 'feature-created', '2026-11-20T10:00:00.000Z', null),
        event(2, 'feature-environment-enabled', '2026-11-21T10:00:00.000Z', 'development'),
      ],
    })
    .on('GET', '/api/admin/client-metrics/features/checkout/raw', {
      version: 1,
      maturity: 'stable',
      data: [],
    });

  for (const environment of ['development', 'production']) {
    const path = `${FLAG}/environments/${environment}`;
    server
      .on('GET', `${path}/strategies`, [])
      .on('GET', `${path}/variants`, () => ({ body: { version: 1, variants: variants[environment] } }))
      .on('PUT', `${path}/variants`, (request) => {
        variants[environment] = request.body as Variant[];
        return { body: { version: 1, variants: variants[environment] } };
      });
    for (const state of ['on', 'off']) {
      server.on('POST', `${path}/${state}`, () => {
        const found = feature.environments?.find((candidate) => candidate.name === environment);
        if (found) found.enabled = state === 'on';
        return answer(200);
      });
    }
  }
  server.on('DELETE', '/api/admin/features/checkout/tags/simple/checkout-team', () => {
    tags.splice(
      tags.findIndex((tag) => tag.value === 'checkout-team'),
      1,
    );
    return answer(200);
  });
  return { server, feature, variants };
}

function event(id: number, type: string, createdAt: string, environment: string | null) {
  return {
    id,
    type,
    createdBy: 'Ada Admin',
    createdByUserId: 1,
    createdAt,
    data: null,
    preData: null,
    tags: [],
    featureName: 'checkout',
    project: 'default',
    environment,
  };
}

const open = (server: FakeServer) =>
  renderWithConsole(<ProjectsScreen />, { server, path: '/projects/default/features/checkout' });

describe('flag page', () => {
  it('shows the flag with its environments, variants, tags and history, newest first', async () => {
    const { server } = flagPageServer();
    await open(server);
    expect(await screen.findByRole('heading', { name: 'checkout' })).toBeTruthy();
    expect(screen.getByTestId('flag-description').textContent).toBe('The new checkout');
    expect((screen.getByLabelText('checkout on in development') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('checkout on in production') as HTMLInputElement).checked).toBe(false);
    expect(await screen.findByTestId('variants-development')).toBeTruthy();
    expect(screen.getByTestId('variants-development').textContent).toContain('100%');
    expect(await screen.findByText('simple: checkout-team')).toBeTruthy();
    const timeline = await screen.findByTestId('flag-timeline');
    const titles = within(timeline)
      .getAllByText(/^Feature /)
      .map((node) => node.textContent);
    expect(titles).toEqual(['Feature environment enabled', 'Feature created']);
  });

  it('turns the flag on in an environment through the outbox', async () => {
    const { server, feature } = flagPageServer();
    await open(server);
    fireEvent.click(await screen.findByLabelText('checkout on in production'));
    await waitFor(() =>
      expect(
        server.calls('POST', '/api/admin/projects/default/features/checkout/environments/production/on'),
      ).toHaveLength(1),
    );
    expect(feature.environments?.[1]?.enabled).toBe(true);
    await waitFor(() =>
      expect((screen.getByLabelText('checkout on in production') as HTMLInputElement).checked).toBe(true),
    );
  });

  it('previews the blast radius of flipping an environment before it is flipped', async () => {
    const { server } = flagPageServer();
    server.on('POST', `${FLAG}/environments/production/blast-radius`, {
      sampled: 20,
      evaluated: 20,
      offToOn: 20,
      onToOff: 0,
      unchanged: 0,
      enabledBefore: 0,
      enabledAfter: 20,
      reasons: [],
      examples: [],
      samplingEnabled: true,
    });
    await open(server);
    fireEvent.click(await screen.findByLabelText('Preview impact of switching checkout on in production'));
    expect((await screen.findByTestId('blast-radius-summary')).textContent).toContain(
      '20 recently seen contexts',
    );
    expect(server.calls('POST', `${FLAG}/environments/production/blast-radius`)[0]?.body).toEqual({
      kind: 'toggle',
      enabled: true,
    });
    expect(server.calls('POST', `${FLAG}/environments/production/on`)).toHaveLength(0);
  });

  it('queues a switch made offline and shows it as pending', async () => {
    const { server } = flagPageServer();
    const { console: app } = await open(server);
    await screen.findByLabelText('checkout on in production');
    server.offline = true;
    fireEvent.click(screen.getByLabelText('checkout on in production'));
    await waitFor(() =>
      expect(app.store.getState().outbox[0]).toMatchObject({
        kind: 'flag-environment',
        target: 'default/checkout/production',
        base: { enabled: false },
        mine: { enabled: true },
      }),
    );
    const card = screen.getByTestId('environment-production');
    expect(await within(card).findByTestId('pending-badge')).toBeTruthy();
    expect((screen.getByLabelText('checkout on in production') as HTMLInputElement).checked).toBe(true);
  });

  it('adds, and deletes, a variant with PUT of the whole list', async () => {
    const { server } = flagPageServer();
    await open(server);
    fireEvent.click(await screen.findByRole('button', { name: 'Add variant in development' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Variant name/), { target: { value: 'blue' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save variant' }));
    const path = '/api/admin/projects/default/features/checkout/environments/development/variants';
    await waitFor(() => expect(server.calls('PUT', path)).toHaveLength(1));
    expect(server.calls('PUT', path)[0]?.body).toEqual([
      { name: 'red', weight: 1000, weightType: 'variable', stickiness: 'default' },
      { name: 'blue', weight: 0, weightType: 'variable', stickiness: 'default' },
    ]);

    fireEvent.click(await screen.findByRole('button', { name: 'Delete variant red in development' }));
    await waitFor(() => expect(server.calls('PUT', path)).toHaveLength(2));
    expect(server.calls('PUT', path)[1]?.body).toEqual([
      { name: 'blue', weight: 0, weightType: 'variable', stickiness: 'default' },
    ]);
  });

  it('adds and removes tags', async () => {
    const { server } = flagPageServer();
    await open(server);
    await screen.findByText('simple: checkout-team');
    fireEvent.change(screen.getByLabelText('Tag value'), { target: { value: ' beta ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    await waitFor(() => expect(server.calls('POST', '/api/admin/features/checkout/tags')).toHaveLength(1));
    expect(server.calls('POST', '/api/admin/features/checkout/tags')[0]?.body).toEqual({
      type: 'simple',
      value: 'beta',
    });
    expect(await screen.findByText('simple: beta')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove tag simple: checkout-team' }));
    await waitFor(() =>
      expect(server.calls('DELETE', '/api/admin/features/checkout/tags/simple/checkout-team')).toHaveLength(
        1,
      ),
    );
    await waitFor(() => expect(screen.queryByText('simple: checkout-team')).toBeNull());
  });

  it('marks the flag stale and edits its description with JSON Patch', async () => {
    const { server } = flagPageServer();
    await open(server);
    fireEvent.click(await screen.findByLabelText(/^Stale/));
    await waitFor(() =>
      expect(server.calls('PATCH', '/api/admin/projects/default/features/checkout')).toHaveLength(1),
    );
    expect(server.calls('PATCH', '/api/admin/projects/default/features/checkout')[0]?.body).toEqual([
      { op: 'replace', path: '/stale', value: true },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Edit description' }));
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Checkout, version two' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save description' }));
    await waitFor(() =>
      expect(server.calls('PATCH', '/api/admin/projects/default/features/checkout')).toHaveLength(2),
    );
    expect(server.calls('PATCH', '/api/admin/projects/default/features/checkout')[1]?.body).toEqual([
      { op: 'replace', path: '/description', value: 'Checkout, version two' },
    ]);
    await waitFor(() =>
      expect(screen.getByTestId('flag-description').textContent).toBe('Checkout, version two'),
    );
  });

  it('adds a dependency on a parent flag and its variants', async () => {
    const { server } = flagPageServer();
    await open(server);
    await screen.findByRole('heading', { name: 'checkout' });
    const section = screen.getByRole('region', { name: 'Dependencies' });
    fireEvent.click(within(section).getByRole('combobox', { name: 'Parent flag' }));
    fireEvent.click(await screen.findByRole('option', { name: 'payment-provider' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Add dependency' }));
    await waitFor(() =>
      expect(server.calls('POST', '/api/admin/projects/default/features/checkout/dependencies')).toHaveLength(
        1,
      ),
    );
    expect(
      server.calls('POST', '/api/admin/projects/default/features/checkout/dependencies')[0]?.body,
    ).toEqual({
      feature: 'payment-provider',
      enabled: true,
    });
    expect(await within(section).findByTestId('dependency-payment-provider')).toBeTruthy();
  });

  it('archives after confirming, then offers to revive', async () => {
    const { server } = flagPageServer();
    await open(server);
    fireEvent.click(await screen.findByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive flag' }));
    await waitFor(() =>
      expect(server.calls('DELETE', '/api/admin/projects/default/features/checkout')).toHaveLength(1),
    );
    const revive = await screen.findByRole('button', { name: 'Revive flag' });
    expect(screen.getByText('archived')).toBeTruthy();
    fireEvent.click(revive);
    await waitFor(() => expect(server.calls('POST', '/api/admin/projects/default/revive')).toHaveLength(1));
    expect(server.calls('POST', '/api/admin/projects/default/revive')[0]?.body).toEqual({
      features: ['checkout'],
    });
    expect(await screen.findByRole('button', { name: 'Archive' })).toBeTruthy();
  });

  it('refuses to archive while the server is unreachable', async () => {
    const { server } = flagPageServer();
    const { console: app } = await open(server);
    await screen.findByRole('heading', { name: 'checkout' });
    server.offline = true;
    await act(async () => {
      await app.checkConnection();
    });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Archive' }) as HTMLButtonElement).disabled).toBe(true),
    );
  });

  it('says when no flag has this name', async () => {
    const server = createFakeServer().on('GET', '/api/admin/search/features', { total: 0, features: [] });
    await renderWithConsole(<ProjectsScreen />, { server, path: '/projects/default/features/nothing' });
    expect(await screen.findByText('Flag not found')).toBeTruthy();
  });
});
