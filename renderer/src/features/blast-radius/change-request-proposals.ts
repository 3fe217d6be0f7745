import type { BlastRadiusProposal } from './blast-radius-api';

/** A change of a change request, as much of it as a preview needs. */
export interface ProposedChange {
  id: number;
  action: string;
  payload?: unknown;
}

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/**
 * The blast-radius proposal of one change-request change, or null for changes a preview does not
 * cover (variants, dependencies, archiving…). Each change is previewed against the flag as it is now.
 */
export function proposalOfChange(change: ProposedChange): BlastRadiusProposal | null {
  const payload = record(change.payload);
  const { id, ...strategy } = payload;
  const strategyBody = strategy as Extract<BlastRadiusProposal, { kind: 'strategy-add' }>['strategy'];
  switch (change.action) {
    case 'updateEnabled':
      return typeof payload.enabled === 'boolean' ? { kind: 'toggle', enabled: payload.enabled } : null;
    case 'addStrategy':
      return typeof strategy.name === 'string' ? { kind: 'strategy-add', strategy: strategyBody } : null;
    case 'updateStrategy':
      return typeof id === 'string' && typeof strategy.name === 'string'
        ? { kind: 'strategy-update', strategyId: id, strategy: strategyBody }
        : null;
    case 'deleteStrategy':
      return typeof id === 'string' ? { kind: 'strategy-delete', strategyId: id } : null;
    default:
      return null;
  }
}
