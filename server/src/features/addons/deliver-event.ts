import type { AuditEvent, IntegrationEventState } from '../../../contract';
import { type SendResult, sendProviderRequest } from './addon-sender';
import type { DeliveryNetwork } from './delivery-network';
import type { AddonProvider, RenderContext } from './providers/provider-types';
import { DELIVERY_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from './webhook-signature';

/** One delivery of one event through one addon: what the integration log records. */
export interface DeliveryResult {
  ok: boolean;
  /** False when retrying cannot help (no channel to post to). */
  retryable: boolean;
  state: IntegrationEventState;
  stateDetails: string;
  statusCode: number | null;
  error: string | null;
  responseBody: string | null;
  durationMs: number;
  /** Without secret parts. */
  url: string;
}

type DeliveryInput = {
  provider: AddonProvider;
  parameters: Readonly<Record<string, string>>;
  event: AuditEvent;
  deliveryId: string;
  context: RenderContext;
  timeoutMs: number;
  /** Refuses targets the instance may not send to (checked per request and per connection). */
  network: Pick<DeliveryNetwork, 'refused' | 'dispatcher'>;
  now?: () => Date;
};
type Rendered = ReturnType<AddonProvider['render']>;

/**
 * Renders the event for the provider and sends its requests in order, each bounded by
 * `timeoutMs`. Every request carries `Switchyard-Delivery-Id` (the same on every retry, so a
 * receiver can drop a repeat); webhooks are signed when a signing secret is set.
 */
export async function deliverEvent(input: DeliveryInput): Promise<DeliveryResult> {
  let rendered: Rendered;
  try {
    rendered = input.provider.render(input.event, input.parameters, input.context);
  } catch (error) {
    return notSent(`Could not build the request: ${(error as Error).message}`);
  }
  if (rendered.requests.length === 0) return notSent(rendered.warnings.join(' ') || 'Nothing to send.');
  const { results, refusals } = await sendAll(rendered, input);
  return summarise(rendered, results, refusals);
}

/** Sends the rendered requests in order; counts those refused (by policy or at connection). */
async function sendAll(
  rendered: Rendered,
  { provider, parameters, deliveryId, timeoutMs, network, now = () => new Date() }: DeliveryInput,
): Promise<{ results: SendResult[]; refusals: number }> {
  const results: SendResult[] = [];
  let refusals = 0;
  for (const request of rendered.requests) {
    const refusal = await network.refused(request.url);
    if (refusal) {
      refusals += 1;
      // The URL may carry a secret (a webhook token in its path): the log shows its display form.
      const error = `Refused target: ${refusal.replaceAll(request.url, request.displayUrl)}`;
      results.push({ ok: false, statusCode: null, responseBody: null, error, durationMs: 0 });
      continue;
    }
    const headers: Record<string, string> = { ...request.headers, [DELIVERY_ID_HEADER]: deliveryId };
    if (provider.definition.name === 'webhook' && parameters.signingSecret) {
      const seconds = Math.floor(now().getTime() / 1000);
      headers[SIGNATURE_HEADER] = signatureHeader(parameters.signingSecret, request.body, seconds);
    }
    const result = await sendProviderRequest({ ...request, headers }, timeoutMs, network.dispatcher);
    if (result.refused) refusals += 1;
    results.push(result);
  }
  return { results, refusals };
}

/** One result for the integration log from the requests' results (the first failure speaks). */
function summarise(rendered: Rendered, results: SendResult[], refusals: number): DeliveryResult {
  const failed = results.filter((result) => !result.ok);
  const last = failed[0] ?? (results[results.length - 1] as SendResult);
  const durationMs = results.reduce((sum, result) => sum + result.durationMs, 0);
  const url = rendered.requests.map((request) => request.displayUrl).join(', ');
  const base = {
    statusCode: last.statusCode,
    responseBody: last.responseBody,
    durationMs,
    url,
  };
  if (failed.length === results.length) {
    const error = last.error ?? 'failed';
    // A refused target stays refused: retrying would only repeat the refusal.
    const retryable = refusals < results.length;
    return { ...base, ok: false, retryable, state: 'failed', stateDetails: error, error };
  }
  const problems = [
    ...rendered.warnings,
    ...(failed.length > 0 ? [`${failed.length} of ${results.length} requests failed: ${last.error}`] : []),
  ];
  return {
    ...base,
    ok: true,
    retryable: false,
    state: problems.length > 0 ? 'successWithErrors' : 'success',
    stateDetails:
      problems.length > 0
        ? problems.join(' ')
        : `Delivered (${results.length === 1 ? `status ${last.statusCode}` : `${results.length} requests`}).`,
    error: problems.length > 0 ? problems.join(' ') : null,
  };
}

function notSent(reason: string): DeliveryResult {
  return {
    ok: false,
    retryable: false,
    state: 'failed',
    stateDetails: reason,
    statusCode: null,
    error: reason,
    responseBody: null,
    durationMs: 0,
    url: '',
  };
}
