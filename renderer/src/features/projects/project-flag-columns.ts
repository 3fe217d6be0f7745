import { ApiError } from '../../api/api-error';
import type { FlagColumn } from './project-flag-bulk';

export const COLUMN_LABELS: Record<FlagColumn, string> = {
  type: 'Type',
  lifecycle: 'Lifecycle',
  environments: 'Environments',
  createdAt: 'Created',
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The flags a failed bulk answer names: every endpoint names the flags it refused in its message or details. */
export function flagsNamedIn(error: unknown, features: readonly string[]): string[] {
  if (!(error instanceof ApiError)) return [];
  const text = [error.message, ...error.details.map((detail) => detail.message)].join('\n');
  return features.filter((name) =>
    new RegExp(`(^|[^A-Za-z0-9_.~-])${escapeRegExp(name)}($|[^A-Za-z0-9_.~-])`).test(text),
  );
}

/** The type and value of a `type:value` tag as typed, and whether both are there. */
export function parseTag(tag: string): { type: string; value: string; valid: boolean } {
  const [type, ...rest] = tag.split(':');
  const value = rest.join(':');
  return { type: (type ?? '').trim(), value: value.trim(), valid: Boolean(type?.trim() && value.trim()) };
}
