import type { AddonCreateUpdate, AddonTestResult, AuditEvent } from '../../../contract';
import type { AuditActor } from '../../lib/caller';
import { badData } from '../../lib/errors';
import { type AddonDeps, existingAddon, keyMissing, providerOf } from './addon-answers';
import {
  hasSensitiveValues,
  normalizeParameters,
  openParameters,
  type ParameterValues,
} from './addon-parameters';
import { checkedValues } from './addon-validation';
import { deliverEvent } from './deliver-event';
import type { AddonProvider } from './providers/provider-types';

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
  deps: AddonDeps,
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
    context: deps.context,
    timeoutMs: deps.policy.attemptTimeoutMs,
    network: deps.network,
  });
  return {
    ok: result.ok,
    statusCode: result.statusCode,
    responseBody: result.responseBody,
    error: result.error,
    durationMs: result.durationMs,
  };
}

/** Sends a test event through a saved integration now (not queued). */
export async function testSavedAddon(
  deps: AddonDeps,
  id: number,
  actor: AuditActor,
): Promise<AddonTestResult> {
  const record = await existingAddon(deps.db, id);
  const provider = providerOf(record.provider);
  if (hasSensitiveValues(provider, record.parameters) && !deps.box.available) throw keyMissing();
  return sendTest(
    deps,
    provider,
    openParameters(provider, id, record.parameters, deps.box),
    record.events,
    actor,
  );
}

/** Sends a test event through an unsaved configuration (the console's "Send test event"). */
export async function testAddonConfiguration(
  deps: AddonDeps,
  body: AddonCreateUpdate,
  actor: AuditActor,
): Promise<AddonTestResult> {
  const provider = providerOf(body.provider);
  const parameters = normalizeParameters(provider, body.parameters);
  if (Object.values(parameters).some((value) => value === '*****')) {
    throw badData('A masked value cannot be tested: send the value itself, or test the saved integration.');
  }
  checkedValues(deps, provider, { ...body, enabled: true }, parameters);
  return sendTest(deps, provider, parameters, body.events, actor);
}
