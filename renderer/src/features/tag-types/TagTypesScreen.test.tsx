import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, unleashError } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { tagTypeNameProblem } from './TagTypeForm';
import { TagTypesScreen } from './TagTypesScreen';

function tagTypeServer() {
  const tagTypes: Array<{ name: string; description?: string; icon?: string | null }> = [
    { name: 'simple', description: 'Used to simplify filtering of features', icon: '#' },
    { name: 'team', description: 'Owning team' },
  ];
  const server = createFakeServer()
    .on('GET', '/api/admin/tag-types', () => ({ body: { version: 1, tagTypes } }))
    .on('POST', '/api/admin/tag-types/validate', (request) => {
      const { name } = request.body as { name: string };
      if (name === 'owner') {
        return unleashError(409, 'NameExistsError', 'There already exists a tag-type with the name owner');
      }
      return { body: { valid: true, tagType: request.body } };
    })
    .on('POST', '/api/admin/tag-types', (request) => {
      tagTypes.push(request.body as (typeof tagTypes)[number]);
      return { status: 201, body: request.body };
    })
    .on('PUT', '/api/admin/tag-types/team', (request) => {
      Object.assign(tagTypes[1]!, request.body);
      return { status: 200 };
    })
    .on('DELETE', '/api/admin/tag-types/team', () => {
      tagTypes.splice(1, 1);
      return { status: 200 };
    });
  return server;
}

describe('tag types screen', () => {
  it('creates a tag type after checking its name as you type', async () => {
    const server = tagTypeServer();
    await renderWithConsole(<TagTypesScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'New tag type' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText(/^Name/);
    fireEvent.change(name, { target: { value: 'x' } });
    expect(within(dialog).getByText('At least 2 characters')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'owner' } });
    const message = await within(dialog).findByText('There already exists a tag-type with the name owner');
    expect(name.getAttribute('aria-describedby')).toContain(message.id);
    fireEvent.change(name, { target: { value: 'release' } });
    await waitFor(() => expect(server.calls('POST', '/api/admin/tag-types/validate')).toHaveLength(2));
    expect(server.calls('POST', '/api/admin/tag-types/validate')[1]?.body).toEqual({ name: 'release' });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Release train' } });
    fireEvent.change(within(dialog).getByLabelText(/^Icon/), { target: { value: '🚂' } });
    await waitFor(() =>
      expect(
        (within(dialog).getByRole('button', { name: 'Create tag type' }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create tag type' }));
    expect(await screen.findByText('Tag type release created.')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/tag-types')[0]?.body).toEqual({
      name: 'release',
      description: 'Release train',
      icon: '🚂',
    });
    expect((await screen.findByTestId('tag-type-release')).textContent).toContain('Release train');
  });

  it('edits the description of a tag type', async () => {
    const server = tagTypeServer();
    await renderWithConsole(<TagTypesScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit team' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Description'), {
      target: { value: 'The team that owns it' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save tag type' }));
    expect(await screen.findByText('Tag type team saved.')).toBeTruthy();
    expect(server.calls('PUT', '/api/admin/tag-types/team')[0]?.body).toEqual({
      description: 'The team that owns it',
    });
    expect(server.calls('POST', '/api/admin/tag-types/validate')).toHaveLength(0);
    await waitFor(() =>
      expect(screen.getByTestId('tag-type-team').textContent).toContain('The team that owns it'),
    );
  });

  it('deletes a tag type after confirming', async () => {
    const server = tagTypeServer();
    await renderWithConsole(<TagTypesScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete team' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete tag type' }));
    expect(await screen.findByText('Tag type team deleted.')).toBeTruthy();
    expect(server.calls('DELETE', '/api/admin/tag-types/team')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('tag-type-team')).toBeNull());
  });

  it('shows a tag type created offline as pending and sends it on reconnect', async () => {
    const server = tagTypeServer();
    const { console: app } = await renderWithConsole(<TagTypesScreen />, { server });
    await screen.findByTestId('tag-type-simple');
    server.offline = true;
    fireEvent.click(screen.getByRole('button', { name: 'New tag type' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'area' } });
    await waitFor(() =>
      expect(
        (within(dialog).getByRole('button', { name: 'Create tag type' }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create tag type' }));
    const row = await screen.findByTestId('tag-type-area');
    expect(within(row).getByTestId('pending-badge').textContent).toBe('Pending');
    server.offline = false;
    await app.checkConnection();
    await waitFor(() => expect(app.store.getState().outbox).toEqual([]));
    expect(server.calls('POST', '/api/admin/tag-types')[0]?.body).toEqual({ name: 'area' });
  });
});

describe('tag type name rules', () => {
  it('follows tagTypeSchema and the URL-friendly rule', () => {
    expect(tagTypeNameProblem('a', [])).toBe('At least 2 characters');
    expect(tagTypeNameProblem('x'.repeat(51), [])).toBe('At most 50 characters');
    expect(tagTypeNameProblem('my type', [])).toMatch(/URL-friendly/);
    expect(tagTypeNameProblem('team', ['team'])).toMatch(/already exists/);
    expect(tagTypeNameProblem('team', [])).toBeNull();
  });
});
