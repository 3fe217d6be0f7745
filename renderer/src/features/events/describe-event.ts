import type { AuditEvent } from '../../api/types';

function nameIn(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  for (const key of ['name', 'tokenName', 'username', 'email', 'appName', 'value', 'id']) {
    const found = record[key];
    if (typeof found === 'string' && found) return found;
    if (typeof found === 'number') return String(found);
  }
  return null;
}

/**
 * One line for an event: its type in words and what it is about ("Feature created: checkout").
 * Unleash sends a generated `label`; our contract's events carry the data to derive it from.
 */
export function describeEvent(event: AuditEvent): string {
  const words = event.type
    .split('-')
    .map((word) => (word === 'api' || word === 'pat' ? word.toUpperCase() : word))
    .join(' ');
  const what = `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
  const subject = event.featureName ?? nameIn(event.data) ?? nameIn(event.preData);
  return subject ? `${what}: ${subject}` : what;
}
