import type { Addon, AddonCreateUpdate } from '../../../contract';
import { inTransaction } from '../../db/transaction';
import type { AuditActor } from '../../lib/caller';
import { badData } from '../../lib/errors';
import { appendEvent } from '../events';
import {
  type AddonDeps,
  addonNotFound,
  eventData,
  existingAddon,
  keyMissing,
  providerOf,
  withDelivery,
} from './addon-answers';
import {
  hasSensitiveValues,
  mergeWithStored,
  normalizeParameters,
  openParameters,
  sealParameters,
} from './addon-parameters';
import {
  type AddonRecord,
  deleteAddon,
  dropQueuedEvents,
  getAddon,
  insertAddon,
  nextAddonId,
  updateAddon,
} from './addon-store';
import { checkedValues } from './addon-validation';
import { generateSigningSecret } from './webhook-signature';

export async function createAddon(
  deps: AddonDeps,
  body: AddonCreateUpdate,
  actor: AuditActor,
): Promise<Addon> {
  const { db, box } = deps;
  const provider = providerOf(body.provider);
  const parameters = normalizeParameters(provider, body.parameters);
  let generatedSecret: string | undefined;
  if (provider.definition.name === 'webhook' && !parameters.signingSecret) {
    generatedSecret = generateSigningSecret();
    parameters.signingSecret = generatedSecret;
  }
  const values = checkedValues(deps, provider, body, parameters);
  const created = await inTransaction(db, async (trx) => {
    const id = await nextAddonId(trx);
    await insertAddon(
      trx,
      id,
      { ...values, parameters: sealParameters(provider, id, parameters, box) },
      actor.createdByUserId,
    );
    const record = (await getAddon(trx, id)) as AddonRecord;
    await appendEvent(trx, { type: 'addon-config-created', ...actor, data: eventData(box, record) });
    return record;
  });
  const answer = await withDelivery(deps, created);
  // Shown this once, so the operator can configure the receiver; masked ever after.
  if (generatedSecret) answer.parameters.signingSecret = generatedSecret;
  return answer;
}

export async function updateAddonConfig(
  deps: AddonDeps,
  id: number,
  body: AddonCreateUpdate,
  actor: AuditActor,
): Promise<Addon> {
  const { db, box } = deps;
  const before = await existingAddon(db, id);
  const provider = providerOf(before.provider);
  if (body.provider !== before.provider) {
    throw badData(`The provider of an integration cannot change (it is ${before.provider}).`, [
      { message: 'provider cannot change', path: 'provider' },
    ]);
  }
  if (hasSensitiveValues(provider, before.parameters) && !box.available) throw keyMissing();
  const stored = openParameters(provider, id, before.parameters, box);
  const parameters = mergeWithStored(provider, normalizeParameters(provider, body.parameters), stored);
  const values = checkedValues(deps, provider, body, parameters);
  const updated = await inTransaction(db, async (trx) => {
    const current = await getAddon(trx, id);
    if (!current) throw addonNotFound(id);
    await updateAddon(trx, id, { ...values, parameters: sealParameters(provider, id, parameters, box) });
    if (!values.enabled) await dropQueuedEvents(trx, id);
    const after = (await getAddon(trx, id)) as AddonRecord;
    await appendEvent(trx, {
      type: 'addon-config-updated',
      ...actor,
      data: eventData(box, after),
      preData: eventData(box, current),
    });
    return after;
  });
  deps.onChanged();
  return withDelivery(deps, updated);
}

export async function removeAddon(deps: AddonDeps, id: number, actor: AuditActor): Promise<void> {
  await inTransaction(deps.db, async (trx) => {
    const before = await getAddon(trx, id);
    if (!before) throw addonNotFound(id);
    await deleteAddon(trx, id);
    await appendEvent(trx, { type: 'addon-config-deleted', ...actor, preData: eventData(deps.box, before) });
  });
}
