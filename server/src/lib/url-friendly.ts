/**
 * Unleash's "URL friendly" rule for names of flags, strategies, context fields and tag types
 * (shared/unleash/API.md §6.1): the name survives encodeURIComponent unchanged and is not a
 * relative path segment.
 */
export function isUrlFriendly(name: string): boolean {
  // Only unreserved ASCII survives encodeURIComponent unchanged; testing for it first also keeps
  // an unpaired surrogate from reaching encodeURIComponent, which throws a URIError (issue 12).
  return name.length > 0 && UNRESERVED.test(name) && name !== '.' && name !== '..';
}

/** The characters encodeURIComponent leaves alone (RFC 3986 unreserved plus `!'()*`). */
const UNRESERVED = /^[A-Za-z0-9\-_.!~*'()]+$/;
