import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { ReleaseTemplatesScreen } from './ReleaseTemplatesScreen';
import type { ReleasePlanTemplate } from './release-templates-api';

const ID = '01JTEMPLATE0000000000000001';
const BASE = `/api/admin/release-plan-templates/${ID}`;

const staff = {
  id: 's1',
  milestoneId: 'm1',
  sortOrder: 0,
  title: 'Staff',
  name: 'flexibleRollout',
  strategyName: 'flexibleRollout',
  parameters: { rollout: '25', stickiness: 'default', groupId: 'rollout' },
  constraints: [{ contextName: 'userId', operator: 'IN' as const, values: ['ann'] }],
  variants: [],
  segments: [],
  disabled: false,
};

function initialTemplate(): ReleasePlanTemplate {
  return {
    id: ID,
    discriminator: 'template',
    name: 'Gradual rollout',
    description: null,
    createdByUserId: 1,
    createdAt: '2026-11-25T07:00:00.000Z',
    archivedAt: null,
    milestones: [
      { id: 'm1', name: 'Internal', sortOrder: 0, releasePlanDefinitionId: ID, strategies: [staff] },
      { id: 'm2', name: 'Everyone', sortOrder: 1, releasePlanDefinitionId: ID, strategies: [] },
    ],
  };
}

const param = (name: string, type: string) => ({ name, type, description: '', required: false });

function templateServer() {
  let template = initialTemplate();
  const milestones = () => template.milestones ?? [];
  const server = createFakeServer()
    .on('GET', '/api/admin/release-plan-templates', () => ({ body: [template] }))
    .on('GET', BASE, () => ({ body: template }))
    .on('GET', '/api/admin/segments', { segments: [] })
    .on('GET', '/api/admin/context', [])
    .on('GET', '/api/admin/strategies', {
      version: 1,
      strategies: [
        {
          name: 'flexibleRollout',
          displayName: 'Gradual rollout',
          description: null,
          editable: false,
          deprecated: false,
          parameters: [
            param('rollout', 'percentage'),
            param('stickiness', 'string'),
            param('groupId', 'string'),
          ],
        },
      ],
    })
    .on('PUT', BASE, (request) => {
      const order = (request.body as { milestones: Array<{ id: string; sortOrder: number }> }).milestones;
      template = {
        ...template,
        milestones: milestones().map((m) => ({
          ...m,
          sortOrder: order.find((o) => o.id === m.id)?.sortOrder ?? 0,
        })),
      };
      return { body: template };
    })
    .on('POST', `${BASE}/milestones`, (request) => {
      const body = request.body as { name: string; sortOrder: number };
      const created = { id: 'm3', ...body, releasePlanDefinitionId: ID, strategies: [] };
      template = { ...template, milestones: [...milestones(), created] };
      return { body: created };
    })
    .on('PUT', `${BASE}/milestones/m2`, (request) => {
      const { name } = request.body as { name: string };
      template = { ...template, milestones: milestones().map((m) => (m.id === 'm2' ? { ...m, name } : m)) };
      return { body: milestones()[1] };
    })
    .on('DELETE', `${BASE}/milestones/m2`, () => {
      template = { ...template, milestones: milestones().filter((m) => m.id !== 'm2') };
      return { status: 200 };
    })
    .on('POST', `${BASE}/milestones/m2/strategies`, (request) => ({ body: request.body }))
    .on('PUT', `${BASE}/milestones/m1/strategies/s1`, (request) => ({ body: request.body }))
    .on('DELETE', `${BASE}/milestones/m1/strategies/s1`, () => ({ status: 200 }));
  return server;
}

async function openEditor(server = templateServer()) {
  await renderWithConsole(<ReleaseTemplatesScreen />, { server });
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Gradual rollout' }));
  return within(await screen.findByTestId(`template-editor-${ID}`));
}

describe('release template editor', () => {
  it('renames, adds, reorders and removes milestones', async () => {
    const server = templateServer();
    const editor = await openEditor(server);
    expect(editor.getByTestId('milestone-editor-m1').textContent).toContain(
      'Staff (Gradual rollout) · 25% · 1 constraint(s)',
    );

    fireEvent.change(editor.getByLabelText('Name of milestone 2'), { target: { value: 'All users' } });
    fireEvent.click(
      within(editor.getByTestId('milestone-editor-m2')).getByRole('button', { name: 'Rename' }),
    );
    await waitFor(() =>
      expect(server.calls('PUT', `${BASE}/milestones/m2`)[0]?.body).toEqual({ name: 'All users' }),
    );

    fireEvent.change(editor.getByLabelText('New milestone'), { target: { value: '50%' } });
    fireEvent.click(editor.getByRole('button', { name: 'Add milestone' }));
    await waitFor(() =>
      expect(server.calls('POST', `${BASE}/milestones`)[0]?.body).toEqual({ name: '50%', sortOrder: 2 }),
    );
    expect(await editor.findByTestId('milestone-editor-m3')).toBeTruthy();

    fireEvent.click(editor.getByRole('button', { name: 'Move 50% up' }));
    await waitFor(() =>
      expect(server.calls('PUT', BASE)[0]?.body).toEqual({
        name: 'Gradual rollout',
        description: null,
        milestones: [
          { id: 'm1', name: 'Internal', sortOrder: 0 },
          { id: 'm3', name: '50%', sortOrder: 1 },
          { id: 'm2', name: 'All users', sortOrder: 2 },
        ],
      }),
    );
    await waitFor(() => expect(editor.getByLabelText('Name of milestone 2')).toHaveProperty('value', '50%'));

    fireEvent.click(editor.getByRole('button', { name: 'Remove milestone 3' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove milestone' }),
    );
    await waitFor(() => expect(server.calls('DELETE', `${BASE}/milestones/m2`)).toHaveLength(1));
    await waitFor(() => expect(editor.queryByTestId('milestone-editor-m2')).toBeNull());
  }, 30_000);

  it('adds, edits and deletes a milestone strategy with the strategy form', async () => {
    const server = templateServer();
    const editor = await openEditor(server);

    const add = editor.getByRole('button', { name: 'Add strategy to Everyone' });
    await waitFor(() => expect(add.hasAttribute('disabled')).toBe(false));
    fireEvent.click(add);
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('Rollout (%)'), { target: { value: '100' } });
    fireEvent.change(dialog.getByLabelText(/^Title/), { target: { value: 'All' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add strategy' }));
    await waitFor(() =>
      expect(server.calls('POST', `${BASE}/milestones/m2/strategies`)[0]?.body).toEqual({
        name: 'flexibleRollout',
        title: 'All',
        disabled: false,
        // The template's name stands in for the flag's as the default group.
        parameters: { rollout: '100', stickiness: 'default', groupId: 'Gradual rollout' },
        constraints: [],
        segments: [],
        variants: [],
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(
      within(editor.getByTestId('milestone-strategy-s1')).getByRole('button', { name: 'Edit' }),
    );
    const edit = within(await screen.findByRole('dialog'));
    expect(edit.getByLabelText('Rollout (%)')).toHaveProperty('value', '25');
    fireEvent.change(edit.getByLabelText('Rollout (%)'), { target: { value: '30' } });
    fireEvent.click(edit.getByRole('button', { name: 'Save strategy' }));
    await waitFor(() => {
      const body = server.calls('PUT', `${BASE}/milestones/m1/strategies/s1`)[0]?.body as {
        parameters: Record<string, string>;
        constraints: unknown[];
      };
      expect(body.parameters).toEqual({ rollout: '30', stickiness: 'default', groupId: 'rollout' });
      expect(body.constraints).toHaveLength(1);
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(
      within(editor.getByTestId('milestone-strategy-s1')).getByRole('button', { name: 'Delete' }),
    );
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete strategy' }),
    );
    await waitFor(() =>
      expect(server.calls('DELETE', `${BASE}/milestones/m1/strategies/s1`)).toHaveLength(1),
    );
  }, 30_000);
});
