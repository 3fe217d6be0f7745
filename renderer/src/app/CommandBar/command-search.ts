import type { ScreenRoute } from '../routes';

/** Screens whose label or keywords contain every word typed, best (label prefix) first. */
export function matchScreens(routes: readonly ScreenRoute[], input: string): ScreenRoute[] {
  const words = input.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...routes];
  const scored = routes
    .map((route) => {
      const haystack = `${route.label} ${route.keywords} ${route.group}`.toLowerCase();
      if (!words.every((word) => haystack.includes(word))) return null;
      const label = route.label.toLowerCase();
      const score = label.startsWith(words[0]!) ? 0 : label.includes(words[0]!) ? 1 : 2;
      return { route, score };
    })
    .filter((item): item is { route: ScreenRoute; score: number } => item !== null);
  return scored.sort((a, b) => a.score - b.score).map((item) => item.route);
}

/** Flag search asks the server, so it starts at 2 characters (Unleash rate-limits search). */
export const MIN_FLAG_QUERY = 2;
