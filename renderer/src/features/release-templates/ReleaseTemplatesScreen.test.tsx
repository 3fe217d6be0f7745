import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { ReleaseTemplatesScreen } from './ReleaseTemplatesScreen';

const template = {
  id: '01JTEMPLATE0000000000000001',
  discriminator: 'template',
  name: 'Gradual rollout',
  description: 'Internal first, then everyone',
  createdByUserId: 1,
  createdAt: '2026-11-25T07:00:00.000Z',
  archivedAt: null,
  milestones: [
    {
      id: 'm1',
      name: 'Internal',
      sortOrder: 0,
      releasePlanDefinitionId: '01JTEMPLATE0000000000000001',
      strategies: [
        {
          id: 's1',
          milestoneId: 'm1',
          sortOrder: 0,
          title: 'Staff',
          name: 'flexibleRollout',
          strategyName: 'flexibleRollout',
          parameters: { rollout: '25', stickiness: 'default', groupId: '' },
          constraints: [{ contextName: 'userId', operator: 'IN', values: ['ann'] }],
          variants: [],
          segments: [],
          disabled: false,
        },
      ],
    },
    {
      id: 'm2',
      name: 'Everyone',
      sortOrder: 1,
      releasePlanDefinitionId: '01JTEMPLATE0000000000000001',
      strategies: [],
    },
  ],
};

describe('release templates screen', () => {
  it('lists each template with its milestones in order and their strategies', async () => {
    const server = createFakeServer().on('GET', '/api/admin/release-plan-templates', [template]);
    await renderWithConsole(<ReleaseTemplatesScreen />, { server });
    const card = await screen.findByTestId(`release-template-${template.id}`);
    expect(within(card).getByRole('heading', { name: 'Gradual rollout' })).toBeTruthy();
    expect(within(card).getByText('2 milestones')).toBeTruthy();
    expect(within(card).getByText('Internal first, then everyone')).toBeTruthy();
    expect(within(card).getByTestId('milestone-m1').textContent).toContain('1. Internal');
    expect(within(card).getByTestId('milestone-m1').textContent).toContain('Staff');
    expect(within(card).getByTestId('milestone-m1').textContent).toContain('25%');
    expect(within(card).getByTestId('milestone-m1').textContent).toContain('1 constraint(s)');
    expect(within(card).getByTestId('milestone-m2').textContent).toContain('2. Everyone');
    expect(within(card).getByTestId('milestone-m2').textContent).toContain('No strategies');
  });

  it('says when there are no templates', async () => {
    const server = createFakeServer().on('GET', '/api/admin/release-plan-templates', []);
    await renderWithConsole(<ReleaseTemplatesScreen />, { server });
    expect(await screen.findByText('No release templates yet.')).toBeTruthy();
  });

  it('archives a template after asking, and it leaves the library', async () => {
    let templates = [template];
    const server = createFakeServer()
      .on('GET', '/api/admin/release-plan-templates', () => ({ body: templates }))
      .on('GET', `/api/admin/release-plan-templates/${template.id}`, () => ({ body: template }))
      .on('POST', `/api/admin/release-plan-templates/archive/${template.id}`, () => {
        templates = [];
        return { status: 200 };
      });
    await renderWithConsole(<ReleaseTemplatesScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Archive Gradual rollout' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive template' }));
    expect(await screen.findByText('Release template Gradual rollout archived.')).toBeTruthy();
    expect(server.calls('POST', `/api/admin/release-plan-templates/archive/${template.id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId(`release-template-${template.id}`)).toBeNull());
  });

  it('deletes a template after asking; keeping it sends nothing', async () => {
    const server = createFakeServer()
      .on('GET', '/api/admin/release-plan-templates', [template])
      .on('GET', `/api/admin/release-plan-templates/${template.id}`, () => ({ body: template }))
      .on('DELETE', `/api/admin/release-plan-templates/${template.id}`, () => ({ status: 200 }));
    await renderWithConsole(<ReleaseTemplatesScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Gradual rollout' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls('DELETE', `/api/admin/release-plan-templates/${template.id}`)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Gradual rollout' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete template' }),
    );
    expect(await screen.findByText('Release template Gradual rollout deleted.')).toBeTruthy();
    expect(server.calls('DELETE', `/api/admin/release-plan-templates/${template.id}`)).toHaveLength(1);
  });

  it('creates a template with its milestones in order', async () => {
    const server = createFakeServer()
      .on('GET', '/api/admin/release-plan-templates', [])
      .on('POST', '/api/admin/release-plan-templates', (request) => ({
        body: { ...template, ...(request.body as object) },
      }));
    await renderWithConsole(<ReleaseTemplatesScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'New template' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create template' }));
    expect(await within(dialog).findByText('A template needs a name')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/release-plan-templates')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: ' Canary ' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Small first' } });
    fireEvent.change(within(dialog).getByLabelText(/^Milestone 1/), { target: { value: 'Canary 5%' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add milestone' }));
    fireEvent.change(within(dialog).getByLabelText(/^Milestone 2/), { target: { value: 'Everyone' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create template' }));
    expect(await screen.findByText('Release template Canary created.')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/release-plan-templates')[0]?.body).toEqual({
      name: 'Canary',
      description: 'Small first',
      milestones: [
        { name: 'Canary 5%', sortOrder: 0 },
        { name: 'Everyone', sortOrder: 1 },
      ],
    });
  });
});
