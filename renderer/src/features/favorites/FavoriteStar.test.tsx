import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, createFakeServer, unleashError } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { FavoriteStar } from './FavoriteStar';
import { MyFavorites } from './MyFavorites';

const FLAG_PATH = '/api/admin/projects/default/features/checkout/favorites';

function favoriteFlag(name: string) {
  return {
    name,
    type: 'release',
    description: null,
    dependencyType: null,
    project: 'default',
    stale: false,
    favorite: true,
    impressionData: false,
    createdAt: '2026-11-20T10:00:00Z',
    archivedAt: null,
    environments: [],
    segments: [],
  };
}

describe('favourite star', () => {
  it('adds and removes a flag as a favourite, saying which by its name', async () => {
    const server = createFakeServer().on('POST', FLAG_PATH, answer(200)).on('DELETE', FLAG_PATH, answer(200));
    await renderWithConsole(
      <FavoriteStar target={{ kind: 'flag', project: 'default', name: 'checkout' }} favorite={false} />,
      { server },
    );
    const star = await screen.findByRole('button', { name: 'Add checkout to favorites' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);
    const pressed = await screen.findByRole('button', { name: 'Remove checkout from favorites' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(server.calls('POST', FLAG_PATH)).toHaveLength(1));
    fireEvent.click(pressed);
    await screen.findByRole('button', { name: 'Add checkout to favorites' });
    await waitFor(() => expect(server.calls('DELETE', FLAG_PATH)).toHaveLength(1));
  });

  it('goes back when the server refuses, and stars projects on their own path', async () => {
    const path = '/api/admin/projects/shop/favorites';
    const server = createFakeServer().on(
      'POST',
      path,
      unleashError(404, 'NotFoundError', 'Could not find project'),
    );
    await renderWithConsole(<FavoriteStar target={{ kind: 'project', project: 'shop' }} favorite={false} />, {
      server,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add shop to favorites' }));
    await waitFor(() => expect(server.calls('POST', path)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Add shop to favorites' })).toBeTruthy();
  });
});

describe('my favorites', () => {
  it('lists favourite projects and flags with links, asking the search for favourites only', async () => {
    const server = createFakeServer()
      .on('GET', '/api/admin/search/features', { features: [favoriteFlag('checkout')], total: 1 })
      .on('GET', '/api/admin/projects', {
        version: 1,
        projects: [
          { id: 'shop', name: 'Shop', favorite: true },
          { id: 'default', name: 'Default', favorite: false },
        ],
      });
    await renderWithConsole(<MyFavorites />, { server });
    const section = await screen.findByRole('region', { name: 'My favorites' });
    await within(section).findByRole('link', { name: 'checkout' });
    expect(within(section).getByRole('link', { name: 'checkout' }).getAttribute('href')).toBe(
      '/projects/default/features/checkout',
    );
    expect(within(section).getByRole('link', { name: 'Shop' }).getAttribute('href')).toBe('/projects/shop');
    expect(within(section).queryByRole('link', { name: 'Default' })).toBeNull();
    expect(Object.fromEntries(server.calls('GET', '/api/admin/search/features')[0]!.query)).toMatchObject({
      favorite: 'IS:true',
    });
  });

  it('says how to add favourites when there are none', async () => {
    const server = createFakeServer()
      .on('GET', '/api/admin/search/features', { features: [], total: 0 })
      .on('GET', '/api/admin/projects', { version: 1, projects: [] });
    await renderWithConsole(<MyFavorites />, { server });
    expect(await screen.findByText(/Star a flag or a project/)).toBeTruthy();
  });
});
