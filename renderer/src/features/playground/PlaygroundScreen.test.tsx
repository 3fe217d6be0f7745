import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../test-utils/fake-server';
import { currentPath, renderWithConsole } from '../../test-utils/render';
import { previewPath } from '../blast-radius/blast-radius-api';
import { PlaygroundScreen } from './PlaygroundScreen';
import { playgroundAnswer } from './playground-fixtures';
import { readPlaygroundQuery, toAdvancedRequest, writePlaygroundQuery } from './playground-query';

function playgroundServer() {
  return createFakeServer()
    .on('GET', '/api/admin/environments', {
      version: 1,
      environments: [
        { name: 'development', type: 'development', enabled: true, protected: false, sortOrder: 1 },
        { name: 'production', type: 'production', enabled: true, protected: false, sortOrder: 2 },
      ],
    })
    .on('GET', '/api/admin/projects', { version: 1, projects: [{ id: 'default', name: 'Default' }] })
    .on('GET', '/api/admin/context', [
      { name: 'region', legalValues: [{ value: 'eu' }, { value: 'us' }], stickiness: false, sortOrder: 1 },
    ])
    .on('POST', '/api/admin/playground/advanced', playgroundAnswer())
    .on('POST', '/api/admin/playground/change-request/7', playgroundAnswer());
}

const SHARED =
  '/playground?environments=development&context=%7B%22appName%22%3A%22web%22%2C%22userId%22%3A%221%2C2%22%7D';

describe('playground query', () => {
  it('round-trips the state through the URL and builds the advanced request', () => {
    const state = readPlaygroundQuery({
      environments: 'development,production',
      projects: 'default',
      context: JSON.stringify({ appName: 'web', userId: '1,2', region: 'eu' }),
    });
    expect(state.context).toEqual([
      { field: 'appName', values: ['web'] },
      { field: 'userId', values: ['1', '2'] },
      { field: 'region', values: ['eu'] },
    ]);
    expect(readPlaygroundQuery(writePlaygroundQuery(state) as Record<string, string>)).toEqual(state);
    expect(toAdvancedRequest(state)).toEqual({
      environments: ['development', 'production'],
      projects: ['default'],
      context: { appName: 'web', userId: '1,2', properties: { region: 'eu' } },
    });
    expect(readPlaygroundQuery({ context: 'not json' }).context).toEqual([]);
  });
});

describe('playground screen', () => {
  it('evaluates a shared link and explains a result: strategy, constraints, segment', async () => {
    const server = playgroundServer();
    await renderWithConsole(<PlaygroundScreen />, { server, path: SHARED });
    expect(await screen.findAllByText('checkout')).toHaveLength(2);
    expect(screen.getByText('userId=1')).toBeTruthy();
    expect(screen.getByText('userId=2')).toBeTruthy();
    expect(screen.getByText('blue')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/playground/advanced')[0]?.body).toEqual({
      environments: ['development'],
      projects: '*',
      context: { appName: 'web', userId: '1,2' },
    });
    fireEvent.click(screen.getAllByRole('button', { name: /checkout show why/ })[0]!);
    expect(await screen.findByText('Beta users (flexibleRollout)')).toBeTruthy();
    expect(screen.getByText('userId IN 1')).toBeTruthy();
    expect(screen.getByText('Segment eu-users')).toBeTruthy();
    expect(screen.getByText('region IN eu')).toBeTruthy();
    expect(screen.getAllByText('False').length).toBeGreaterThanOrEqual(3);
  });

  it('writes the builder into the URL on Evaluate, and picks the first environment on a first visit', async () => {
    const server = playgroundServer();
    await renderWithConsole(<PlaygroundScreen />, { server, path: '/playground' });
    await waitFor(() => expect(currentPath()).toContain('environments=development'));
    fireEvent.click(screen.getByRole('button', { name: 'Add context field' }));
    expect(screen.getAllByLabelText('Values of the field').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Evaluate' }));
    await waitFor(() => expect(decodeURIComponent(currentPath())).toContain('"appName":"playground"'));
    await screen.findAllByText('checkout');
  });

  it('previews a change request through the change-request playground', async () => {
    const server = playgroundServer();
    await renderWithConsole(<PlaygroundScreen />, {
      server,
      path: `${SHARED}&changeRequest=7`,
    });
    expect(await screen.findByText('Previewing change request #7 as if it were applied.')).toBeTruthy();
    await screen.findAllByText('checkout');
    expect(server.calls('POST', '/api/admin/playground/change-request/7')[0]?.body).toEqual({
      context: { appName: 'web', userId: '1,2' },
    });
  });

  it('shows the blast radius of a change request linked with its project', async () => {
    const server = playgroundServer()
      .on('GET', '/api/admin/projects/default/change-requests/7', {
        id: 7,
        title: null,
        project: 'default',
        environment: 'development',
        minApprovals: 1,
        state: 'In review',
        features: [
          {
            name: 'checkout',
            changes: [{ id: 1, action: 'updateEnabled', payload: { enabled: true } }],
          },
        ],
        segments: [],
        createdBy: { username: 'alice', imageUrl: '' },
        createdAt: '2026-11-25T10:00:00.000Z',
        stateTimestamps: {},
      })
      .on('POST', previewPath('default', 'checkout', 'development'), {
        sampled: 40,
        evaluated: 40,
        offToOn: 30,
        onToOff: 0,
        unchanged: 10,
        enabledBefore: 0,
        enabledAfter: 30,
        reasons: [],
        examples: [],
        samplingEnabled: true,
      });
    await renderWithConsole(<PlaygroundScreen />, {
      server,
      path: `${SHARED}&projects=default&changeRequest=7`,
    });
    expect(await screen.findByText(/\+30 on, −0 off of 40 recently seen contexts/)).toBeTruthy();
    expect(server.calls('POST', previewPath('default', 'checkout', 'development'))[0]?.body).toEqual({
      kind: 'change-request',
      changeRequestId: 7,
    });
  });
});
