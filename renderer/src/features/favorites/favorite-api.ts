import type { AdminApi } from '../../api/admin-api';
import type { FeatureSearchResponse } from '../../api/types';

const enc = encodeURIComponent;

/** Favourite flags and projects (shared/unleash/API.md §6 "Features", "Projects"). */
export type FavoriteTarget =
  | { kind: 'flag'; project: string; name: string }
  | { kind: 'project'; project: string };

export function favoritePath(target: FavoriteTarget): string {
  const project = `/api/admin/projects/${enc(target.project)}`;
  return target.kind === 'flag'
    ? `${project}/features/${enc(target.name)}/favorites`
    : `${project}/favorites`;
}

export function setFavorite(api: AdminApi, target: FavoriteTarget, favorite: boolean) {
  const path = favoritePath(target);
  return favorite ? api.client.post<void>(path) : api.client.delete<void>(path);
}

export const FAVORITE_FLAGS_KEY = 'favorite-flags';
/** How many favourite flags the home screen lists. */
export const FAVORITE_FLAGS_SHOWN = 50;

/** The signed-in user's favourite flags, by name (feature search with `favorite=IS:true`). */
export const listFavoriteFlags = (api: AdminApi, signal?: AbortSignal) =>
  api.client.get<FeatureSearchResponse>(
    '/api/admin/search/features',
    { favorite: 'IS:true', sortBy: 'name', limit: FAVORITE_FLAGS_SHOWN },
    signal,
  );
