import type { Addon } from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { badData, notFound } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import { maskParameters } from './addon-parameters';
import { type AddonRecord, type DeliveryRecord, getAddon, getDeliveries } from './addon-store';
import type { DeliveryNetwork } from './delivery-network';
import type { DeliveryPolicy } from './delivery-policy';
import { NO_SECRETS_KEY_MESSAGE } from './delivery-worker';
import type { AddonProvider, RenderContext } from './providers/provider-types';
import { PROVIDERS } from './providers/providers';
import type { TargetPolicy } from './target-policy';

/** What the addon service's use cases share. */
export interface AddonDeps {
  db: Db;
  box: SecretBox;
  policy: DeliveryPolicy;
  context: RenderContext;
  /** Refuses test sends to targets the instance may not send to; `targets` checks saved URLs. */
  network: Pick<DeliveryNetwork, 'refused' | 'dispatcher'>;
  targets: TargetPolicy;
  /** After a committed change that may have made work due (resume, enable): wakes the worker. */
  onChanged: () => void;
}

export const addonNotFound = (id: number) => notFound(`Could not find addon with id ${id}.`);
export const keyMissing = () =>
  badData(
    'This integration has secret parameters, and the server has no SECRETS_ENCRYPTION_KEY to store them encrypted: set SECRETS_ENCRYPTION_KEY (32 random bytes, e.g. openssl rand -hex 32) and restart.',
  );

export function providerOf(name: string): AddonProvider {
  const provider = PROVIDERS.get(name);
  if (!provider) {
    throw badData(`Unknown integration provider "${name}". Known: ${[...PROVIDERS.keys()].join(', ')}.`, [
      { message: `unknown provider ${name}`, path: 'provider' },
    ]);
  }
  return provider;
}

function deliveryOf(
  box: SecretBox,
  record: AddonRecord,
  delivery: DeliveryRecord | undefined,
): Addon['delivery'] {
  const pausedUntil =
    delivery?.pausedUntil && delivery.pausedUntil.getTime() > Date.now() ? delivery.pausedUntil : null;
  return {
    state: !record.enabled ? 'disabled' : !box.available || pausedUntil ? 'paused' : 'active',
    pausedUntil: pausedUntil?.toISOString() ?? null,
    lastError: box.available ? (delivery?.lastError ?? null) : NO_SECRETS_KEY_MESSAGE,
    pendingEvents: delivery?.pendingEvents ?? 0,
    lastDeliveredAt: delivery?.lastDeliveredAt?.toISOString() ?? null,
  };
}

/** The answer: parameters masked, with the delivery state. */
export function toAddon(box: SecretBox, record: AddonRecord, delivery?: DeliveryRecord): Addon {
  return {
    id: record.id,
    provider: record.provider,
    description: record.description,
    enabled: record.enabled,
    parameters: maskParameters(PROVIDERS.get(record.provider), record.parameters),
    events: record.events,
    projects: record.projects,
    environments: record.environments,
    delivery: deliveryOf(box, record, delivery),
  };
}

/** The answer without the delivery state: what the event log records. */
export function eventData(box: SecretBox, record: AddonRecord) {
  const { delivery: _delivery, ...rest } = toAddon(box, record);
  return rest;
}

export async function withDelivery(deps: Pick<AddonDeps, 'db' | 'box'>, record: AddonRecord): Promise<Addon> {
  return toAddon(deps.box, record, (await getDeliveries(deps.db, [record.id])).get(record.id));
}

export async function existingAddon(db: Queryable, id: number): Promise<AddonRecord> {
  const record = await getAddon(db, id);
  if (!record) throw addonNotFound(id);
  return record;
}
