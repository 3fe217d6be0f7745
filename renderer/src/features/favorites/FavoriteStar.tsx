import { ActionIcon } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useConsole } from '../../stores/console-context';
import { type FavoriteTarget, favoritePath, setFavorite } from './favorite-api';

export interface FavoriteStarProps {
  target: FavoriteTarget;
  /** What the server says now. */
  favorite: boolean;
}

/**
 * A star toggling a flag or project as the signed-in user's favourite. It shows the new state at
 * once, returns to the server's when the write fails, and refreshes what the write changed.
 * Light on purpose (no tooltip, no mutation hook per row): a flag list shows 50 of them.
 */
export function FavoriteStar({ target, favorite }: FavoriteStarProps) {
  const consoleApi = useConsole();
  const [shown, setShown] = useState(favorite);
  useEffect(() => setShown(favorite), [favorite]);
  const name = target.kind === 'flag' ? target.name : target.project;

  const toggle = async () => {
    const next = !shown;
    setShown(next);
    try {
      await setFavorite(consoleApi.api(), target, next);
      await consoleApi.invalidateAfter([{ kind: 'favorite', request: { path: favoritePath(target) } }]);
    } catch {
      setShown(!next);
    }
  };

  return (
    <ActionIcon
      variant="subtle"
      color={shown ? 'yellow' : 'gray'}
      size="sm"
      aria-label={shown ? `Remove ${name} from favorites` : `Add ${name} to favorites`}
      aria-pressed={shown}
      title={shown ? 'Remove from favorites' : 'Add to favorites'}
      onClick={(event) => {
        // Rows open a summary on click: the star only toggles.
        event.stopPropagation();
        void toggle();
      }}
      data-testid="favorite-star"
    >
      <span aria-hidden>{shown ? '★' : '☆'}</span>
    </ActionIcon>
  );
}
