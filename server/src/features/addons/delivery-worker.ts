import type { Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import type { SecretBox } from '../../lib/secret-box';
import { matchesFilters } from './addon-filters';
import { openParameters } from './addon-parameters';
import { getAddon } from './addon-store';
import { deliverEvent } from './deliver-event';
import type { DeliveryNetwork } from './delivery-network';
import { afterAttempt, circuitPausedUntil, type DeliveryPolicy } from './delivery-policy';
import {
  claimDueAddon,
  getDeliveryState,
  nextQueued,
  pruneIntegrationEvents,
  removeOrphanDeliveries,
  removeQueued,
  setDeliveryState,
  settleAttempt,
} from './delivery-store';
import type { RenderContext } from './providers/provider-types';
import { PROVIDERS } from './providers/providers';

/** Told when an addon's circuit opens (the notifications domain tells admins; wired in the composition root). */
export interface CircuitOpened {
  addonId: number;
  provider: string;
  description: string | null;
  pausedUntil: Date;
  lastError: string | null;
}

export interface DeliveryWorkerOptions {
  db: Db;
  box: SecretBox;
  logger: Pick<Logger, 'debug' | 'warn' | 'error'>;
  policy: DeliveryPolicy;
  context: RenderContext;
  /** The policy on targets and the delivery metrics. */
  network: DeliveryNetwork;
  /** How often each instance looks for queued events written elsewhere (other instances, jobs). */
  pollIntervalMs: number;
  /** Addons delivered for at once by this instance. */
  concurrency?: number;
  retention?: { keep: number; maxAgeDays: number };
  onCircuitOpened?: (opened: CircuitOpened) => void | Promise<void>;
}

export interface DeliveryWorker {
  /** Delivers soon, off the caller's path (after a change was committed). */
  nudge(): void;
  /** Delivers everything due now; resolves when nothing due is left (tests). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

const BATCH = 50;
/** A claim is given up after this long, so a slow receiver cannot hold its lock indefinitely. */
const MAX_CLAIM_MS = 30_000;

/** Why integrations are not delivered at all without a key (shown as each addon's lastError). */
export const NO_SECRETS_KEY_MESSAGE =
  'Integrations are not delivered: the server has no SECRETS_ENCRYPTION_KEY to open their stored secrets.';

/**
 * Delivers queued events to addons. Each pass claims one addon at a time (row lock, SKIP
 * LOCKED), sends its due events oldest first and stops at the first failure so events stay in
 * order; an event leaves the outbox with its attempt record (committed at once) right after delivery,
 * so a crash repeats at most the one event in flight. Without a secrets key it does not start.
 */
export function startDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, box, logger, policy } = options;
  const concurrency = options.concurrency ?? 2;
  const retention = options.retention ?? { keep: 1000, maxAgeDays: 14 };
  if (!box.available) {
    // Debug only: the headless start already warned once, with how to make a key (index.ts).
    logger.debug(NO_SECRETS_KEY_MESSAGE);
    return { nudge: () => {}, drain: () => Promise.resolve(), stop: () => Promise.resolve() };
  }

  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  const opened: CircuitOpened[] = [];

  async function deliverFor(trx: Transaction<Database>, addonId: number): Promise<void> {
    const addon = await getAddon(db, addonId);
    const state = await getDeliveryState(trx, addonId);
    if (!addon || !state) return;
    const provider = PROVIDERS.get(addon.provider);
    let failures = state.consecutive_failures;
    let lastError = state.last_error;
    let lastDeliveredAt = state.last_delivered_at;
    let pausedUntil: Date | null = null;
    let parameters: Record<string, string>;
    try {
      if (!provider) throw new Error(`Unknown provider ${addon.provider}`);
      parameters = openParameters(provider, addon.id, addon.parameters, box);
    } catch (error) {
      // A secret sealed with another key cannot heal by retrying soon: pause and say why.
      lastError = `The integration's stored parameters cannot be read: ${(error as Error).message}`;
      pausedUntil = new Date(Date.now() + policy.circuitPauseMs);
      await setDeliveryState(trx, addonId, {
        consecutiveFailures: failures,
        pausedUntil,
        lastError,
        lastDeliveredAt,
      });
      return;
    }

    const started = Date.now();
    let blocked = false;
    while (!blocked && !stopped && Date.now() - started < MAX_CLAIM_MS) {
      const queued = await nextQueued(db, addonId, BATCH);
      if (queued.length === 0) break;
      for (const item of queued) {
        if (item.nextAttemptAt.getTime() > Date.now() || stopped) {
          blocked = true;
          break;
        }
        if (!matchesFilters(addon, item.event)) {
          await removeQueued(db, addonId, item.eventId);
          continue;
        }
        const attempt = item.attempts + 1;
        const result = await deliverEvent({
          provider,
          parameters,
          event: item.event,
          deliveryId: `${addonId}-${item.eventId}`,
          context: options.context,
          timeoutMs: policy.attemptTimeoutMs,
          network: options.network,
        });
        options.network.observe(provider.definition.name, result.state, result.durationMs);
        const now = new Date();
        const outcome =
          result.ok || !result.retryable
            ? { kind: 'done' as const }
            : afterAttempt(policy, false, attempt, now);
        const gaveUp = outcome.kind === 'give-up' || (!result.ok && !result.retryable);
        const settled = await settleAttempt(
          db,
          {
            integrationId: addonId,
            eventId: item.eventId,
            state: result.state,
            stateDetails: gaveUp
              ? `${result.stateDetails} Gave up after ${attempt} attempt(s).`
              : result.stateDetails,
            event: item.event,
            details: {
              attempt,
              statusCode: result.statusCode,
              error: result.error,
              durationMs: result.durationMs,
              url: result.url,
              nextAttemptAt: outcome.kind === 'retry' ? outcome.at.toISOString() : null,
            },
          },
          outcome.kind === 'retry' ? { retryAt: outcome.at, attempts: attempt } : null,
        );
        if (!settled) return;
        if (result.ok) {
          failures = 0;
          lastDeliveredAt = now;
          lastError = result.state === 'success' ? null : result.error;
          continue;
        }
        failures += 1;
        lastError = result.error;
        pausedUntil = circuitPausedUntil(policy, failures, now);
        if (pausedUntil) {
          opened.push({
            addonId,
            provider: addon.provider,
            description: addon.description,
            pausedUntil,
            lastError,
          });
          blocked = true;
          break;
        }
        if (outcome.kind === 'retry') {
          blocked = true;
          break;
        }
      }
    }
    await setDeliveryState(trx, addonId, {
      consecutiveFailures: failures,
      pausedUntil,
      lastError,
      lastDeliveredAt,
    });
    await pruneIntegrationEvents(db, addonId, retention);
  }

  /** One claim: true when an addon was claimed (there may be more). */
  async function claimOnce(): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const addonId = await claimDueAddon(trx);
      if (addonId === undefined) return false;
      await deliverFor(trx, addonId);
      return true;
    });
  }

  async function lane(): Promise<void> {
    while (!stopped && (await claimOnce())) {
      // keep claiming while there is due work
    }
  }

  async function announceOpenedCircuits(): Promise<void> {
    for (const circuit of opened.splice(0)) {
      logger.warn(
        { addonId: circuit.addonId, provider: circuit.provider, pausedUntil: circuit.pausedUntil },
        'integration paused after repeated delivery failures',
      );
      try {
        await options.onCircuitOpened?.(circuit);
      } catch (error) {
        logger.error({ err: error, addonId: circuit.addonId }, 'onCircuitOpened failed');
      }
    }
  }

  function drain(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await removeOrphanDeliveries(db).catch((error) =>
          logger.error({ err: error }, 'could not tidy delivery rows'),
        );
        await Promise.all(Array.from({ length: concurrency }, () => lane())).catch((error) =>
          logger.error({ err: error }, 'integration delivery pass failed'),
        );
        await announceOpenedCircuits();
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  const timer = setInterval(() => void drain(), options.pollIntervalMs);
  timer.unref();
  setImmediate(() => void drain());

  return {
    nudge: () => void setImmediate(() => void drain()),
    drain,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
