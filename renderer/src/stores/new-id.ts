/**
 * A random id from crypto.getRandomValues, which, unlike crypto.randomUUID, also works when the
 * console is served over plain http from another machine (not a secure context).
 */
export function newId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
