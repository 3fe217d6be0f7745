import { Counter, Histogram, type Registry } from 'prom-client';
import { Agent, type Dispatcher } from 'undici';
import { checkedLookup, type Lookup, refusedTarget, type TargetPolicy } from './target-policy';

/** What a delivery asks of the network around it: may it send there, and what came of it. */
export interface DeliveryNetwork {
  /** Why a request to `url` may not be sent (see target-policy.ts), or null when it may. */
  refused(url: string): Promise<string | null>;
  /**
   * What requests connect through: its sockets resolve host names and connect only to addresses
   * the policy allows (checked at connection time, so a name cannot be rebound between check and use).
   */
  dispatcher?: Dispatcher;
  /** One delivery attempt of the worker finished (Prometheus). */
  observe(provider: string, outcome: string, durationMs: number): void;
}

/** For tests of delivery alone: every target allowed, nothing counted. */
export const OPEN_NETWORK: DeliveryNetwork = { refused: async () => null, observe: () => {} };

/**
 * The policy on targets, and two metrics on the app's registry (/internal-backstage/prometheus):
 * deliveries by integration type and outcome (success, successWithErrors, failed), and their
 * duration by integration type.
 */
export function createDeliveryNetwork(
  policy: TargetPolicy,
  registry?: Registry,
  lookup?: Lookup,
): DeliveryNetwork {
  const registers = registry ? [registry] : [];
  const deliveries = new Counter({
    name: 'switchyard_integration_deliveries_total',
    help: 'Integration delivery attempts, by integration type and outcome',
    labelNames: ['provider', 'outcome'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'switchyard_integration_delivery_duration_seconds',
    help: 'Duration of integration delivery attempts in seconds (all requests of one event), by integration type',
    labelNames: ['provider'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  return {
    refused: async (url) => refusedTarget(policy, url),
    dispatcher: new Agent({ connect: { lookup: checkedLookup(policy, lookup) } }),
    observe(provider, outcome, durationMs) {
      deliveries.inc({ provider, outcome });
      duration.observe({ provider }, durationMs / 1000);
    },
  };
}
