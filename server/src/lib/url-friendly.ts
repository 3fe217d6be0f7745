/**
 * Unleash's "URL friendly" rule for names of flags, strategies, context fields and tag types
 * (shared/unleash/API.md §6.1): the name survives encodeURIComponent unchanged and is not a
 * relative path segment.
 */
export function isUrlFriendly(name: string): boolean {
  return name.length > 0 && encodeURIComponent(name) === name && name !== '.' && name !== '..';
}
