import type {
  Addon,
  AddonCreateUpdate,
  AddonTestResult,
  AddonType,
  AuditEvent,
  IntegrationEvent,
} from '../../../contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { AuditActor } from '../../lib/caller';
import { badData, notFound } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import { appendEvent } from '../events';
import {
  assertValidParameters,
  hasSensitiveValues,
  maskParameters,
  mergeWithStored,
  normalizeParameters,
  openParameters,
  type ParameterValues,
  sealParameters,
} from './addon-parameters';
import {
  type AddonRecord,
  type AddonValues,
  type DeliveryRecord,
  deleteAddon,
  dropQueuedEvents,
  getAddon,
  getDeliveries,
  insertAddon,
  listAddons,
  nextAddonId,
  resumeDelivery,
  updateAddon,
} from './addon-store';
import { deliverEvent } from './deliver-event';
import type { DeliveryNetwork } from './delivery-network';
import type { DeliveryPolicy } from './delivery-policy';
import { listIntegrationEvents } from './delivery-store';
import { NO_SECRETS_KEY_MESSAGE } from './delivery-worker';
import type { AddonProvider, RenderContext } from './providers/provider-types';
import { PROVIDERS, providerDefinitions } from './providers/providers';
import { refusedLiteralTarget, type TargetPolicy } from './target-policy';
import { generateSigningSecret } from './webhook-signature';

const addonNotFound = (id: number) => notFound(`Could not find addon with id ${id}.`);
const keyMissing = () =>
  badData(
    'This integration has secret parameters, and the server has no SECRETS_ENCRYPTION_KEY to store them encrypted: set SECRETS_ENCRYPTION_KEY (32 random bytes, e.g. openssl rand -hex 32) and restart.',
  );

function providerOf(name: string): AddonProvider {
  const provider = PROVIDERS.get(name);
  if (!provider) {
    throw badData(`Unknown integration provider "${name}". Known: ${[...PROVIDERS.keys()].join(', ')}.`, [
      { message: `unknown provider ${name}`, path: 'provider' },
    ]);
  }
  return provider;
}

export type AddonService = ReturnType<typeof createAddonService>;

/**
 * Integrations: validated against their provider, sensitive parameters sealed with the server's
 * key and masked in every answer and event row, each change one transaction with its event.
 */
export function createAddonService({
  db,
  box,
  policy,
  context,
  network,
  targets,
  onChanged = () => {},
}: {
  db: Db;
  box: SecretBox;
  policy: DeliveryPolicy;
  context: RenderContext;
  /** Refuses test sends to targets the instance may not send to; `targets` checks saved URLs. */
  network: Pick<DeliveryNetwork, 'refused' | 'dispatcher'>;
  targets: TargetPolicy;
  /** After a committed change that may have made work due (resume, enable): wakes the worker. */
  onChanged?: () => void;
}) {
  function deliveryOf(record: AddonRecord, delivery: DeliveryRecord | undefined): Addon['delivery'] {
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

  function toAddon(record: AddonRecord, delivery?: DeliveryRecord): Addon {
    return {
      id: record.id,
      provider: record.provider,
      description: record.description,
      enabled: record.enabled,
      parameters: maskParameters(PROVIDERS.get(record.provider), record.parameters),
      events: record.events,
      projects: record.projects,
      environments: record.environments,
      delivery: deliveryOf(record, delivery),
    };
  }

  /** The answer without the delivery state: what the event log records. */
  function eventData(record: AddonRecord) {
    const { delivery: _delivery, ...rest } = toAddon(record);
    return rest;
  }

  async function withDelivery(record: AddonRecord): Promise<Addon> {
    return toAddon(record, (await getDeliveries(db, [record.id])).get(record.id));
  }

  async function existing(id: number): Promise<AddonRecord> {
    const record = await getAddon(db, id);
    if (!record) throw addonNotFound(id);
    return record;
  }

  /** A URL parameter naming a refused address by number is refused at save (SSRF, target-policy.ts). */
  function assertAllowedTargets(provider: AddonProvider, parameters: ParameterValues): void {
    for (const parameter of provider.definition.parameters ?? []) {
      const value = parameters[parameter.name];
      if (parameter.type !== 'url' || !value) continue;
      const reason = refusedLiteralTarget(targets, value);
      if (reason) {
        throw badData(`The ${parameter.displayName} is refused: ${reason}.`, [
          { message: reason, path: `parameters.${parameter.name}` },
        ]);
      }
    }
  }

  function checkedValues(
    provider: AddonProvider,
    body: AddonCreateUpdate,
    parameters: ParameterValues,
  ): AddonValues {
    const offered = new Set(provider.definition.events ?? []);
    const unknown = body.events.filter((type) => !offered.has(type));
    if (unknown.length > 0) {
      throw badData(
        `The ${provider.definition.name} integration does not offer the events ${unknown.join(', ')}.`,
        [{ message: `unknown event types: ${unknown.join(', ')}`, path: 'events' }],
      );
    }
    assertValidParameters(provider, parameters);
    assertAllowedTargets(provider, parameters);
    if (hasSensitiveValues(provider, parameters) && !box.available) throw keyMissing();
    return {
      provider: provider.definition.name,
      description: body.description ?? null,
      enabled: body.enabled,
      parameters,
      events: [...new Set(body.events)],
      projects: [...new Set(body.projects ?? [])],
      environments: [...new Set(body.environments ?? [])],
    };
  }

  function testEvent(actor: AuditActor, type: string): AuditEvent {
    return {
      id: 0,
      type,
      createdBy: actor.createdBy,
      createdByUserId: actor.createdByUserId,
      createdAt: new Date().toISOString(),
      data: { name: 'switchyard-test-flag', test: true },
      preData: null,
      tags: [],
      featureName: 'switchyard-test-flag',
      project: 'default',
      environment: null,
    };
  }

  async function sendTest(
    provider: AddonProvider,
    parameters: ParameterValues,
    events: string[],
    actor: AuditActor,
  ): Promise<AddonTestResult> {
    const result = await deliverEvent({
      provider,
      parameters,
      event: testEvent(actor, events[0] ?? 'feature-created'),
      deliveryId: `test-${Date.now()}`,
      context,
      timeoutMs: policy.attemptTimeoutMs,
      network,
    });
    return {
      ok: result.ok,
      statusCode: result.statusCode,
      responseBody: result.responseBody,
      error: result.error,
      durationMs: result.durationMs,
    };
  }

  return {
    providers(): AddonType[] {
      return providerDefinitions();
    },

    async list(): Promise<Addon[]> {
      const records = await listAddons(db);
      const deliveries = await getDeliveries(
        db,
        records.map((record) => record.id),
      );
      return records.map((record) => toAddon(record, deliveries.get(record.id)));
    },

    async get(id: number): Promise<Addon> {
      return withDelivery(await existing(id));
    },

    async create(body: AddonCreateUpdate, actor: AuditActor): Promise<Addon> {
      const provider = providerOf(body.provider);
      const parameters = normalizeParameters(provider, body.parameters);
      let generatedSecret: string | undefined;
      if (provider.definition.name === 'webhook' && !parameters.signingSecret) {
        generatedSecret = generateSigningSecret();
        parameters.signingSecret = generatedSecret;
      }
      const values = checkedValues(provider, body, parameters);
      const created = await inTransaction(db, async (trx) => {
        const id = await nextAddonId(trx);
        await insertAddon(
          trx,
          id,
          { ...values, parameters: sealParameters(provider, id, parameters, box) },
          actor.createdByUserId,
        );
        const record = (await getAddon(trx, id)) as AddonRecord;
        await appendEvent(trx, { type: 'addon-config-created', ...actor, data: eventData(record) });
        return record;
      });
      const answer = await withDelivery(created);
      // Shown this once, so the operator can configure the receiver; masked ever after.
      if (generatedSecret) answer.parameters.signingSecret = generatedSecret;
      return answer;
    },

    async update(id: number, body: AddonCreateUpdate, actor: AuditActor): Promise<Addon> {
      const before = await existing(id);
      const provider = providerOf(before.provider);
      if (body.provider !== before.provider) {
        throw badData(`The provider of an integration cannot change (it is ${before.provider}).`, [
          { message: 'provider cannot change', path: 'provider' },
        ]);
      }
      if (hasSensitiveValues(provider, before.parameters) && !box.available) throw keyMissing();
      const stored = openParameters(provider, id, before.parameters, box);
      const parameters = mergeWithStored(provider, normalizeParameters(provider, body.parameters), stored);
      const values = checkedValues(provider, body, parameters);
      const updated = await inTransaction(db, async (trx) => {
        const current = await getAddon(trx, id);
        if (!current) throw addonNotFound(id);
        await updateAddon(trx, id, { ...values, parameters: sealParameters(provider, id, parameters, box) });
        if (!values.enabled) await dropQueuedEvents(trx, id);
        const after = (await getAddon(trx, id)) as AddonRecord;
        await appendEvent(trx, {
          type: 'addon-config-updated',
          ...actor,
          data: eventData(after),
          preData: eventData(current),
        });
        return after;
      });
      onChanged();
      return withDelivery(updated);
    },

    async remove(id: number, actor: AuditActor): Promise<void> {
      await inTransaction(db, async (trx) => {
        const before = await getAddon(trx, id);
        if (!before) throw addonNotFound(id);
        await deleteAddon(trx, id);
        await appendEvent(trx, { type: 'addon-config-deleted', ...actor, preData: eventData(before) });
      });
    },

    async resume(id: number): Promise<Addon> {
      await existing(id);
      await resumeDelivery(db, id);
      onChanged();
      return withDelivery(await existing(id));
    },

    async events(id: number, page: { limit: number; offset: number }): Promise<IntegrationEvent[]> {
      await existing(id);
      return (await listIntegrationEvents(db, id, page)).map((entry) => ({
        id: String(entry.id),
        integrationId: entry.integrationId,
        createdAt: entry.createdAt.toISOString(),
        state: entry.state,
        stateDetails: entry.stateDetails,
        event: entry.event,
        details: entry.details,
      }));
    },

    /** Sends a test event through a saved integration now (not queued). */
    async test(id: number, actor: AuditActor): Promise<AddonTestResult> {
      const record = await existing(id);
      const provider = providerOf(record.provider);
      if (hasSensitiveValues(provider, record.parameters) && !box.available) throw keyMissing();
      return sendTest(provider, openParameters(provider, id, record.parameters, box), record.events, actor);
    },

    /** Sends a test event through an unsaved configuration (the console's "Send test event"). */
    async testConfiguration(body: AddonCreateUpdate, actor: AuditActor): Promise<AddonTestResult> {
      const provider = providerOf(body.provider);
      const parameters = normalizeParameters(provider, body.parameters);
      if (Object.values(parameters).some((value) => value === '*****')) {
        throw badData(
          'A masked value cannot be tested: send the value itself, or test the saved integration.',
        );
      }
      checkedValues(provider, { ...body, enabled: true }, parameters);
      return sendTest(provider, parameters, body.events, actor);
    },
  };
}
