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
import type { AddonProvider, RenderContext } from './providers/provider-types';
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

/** What one worker's lanes share: its options, whether it stopped, the circuits opened this pass. */
interface Worker {
  options: DeliveryWorkerOptions;
  retention: { keep: number; maxAgeDays: number };
  stopped: () => boolean;
  opened: CircuitOpened[];
}

/** An addon's delivery state as its claim goes on (written back when the claim ends). */
interface Circuit {
  consecutiveFailures: number;
  pausedUntil: Date | null;
  lastError: string | null;
  lastDeliveredAt: Date | null;
}

interface ReadyAddon {
  id: number;
  addon: NonNullable<Awaited<ReturnType<typeof getAddon>>>;
  provider: AddonProvider;
  parameters: Record<string, string>;
}

type Queued = Awaited<ReturnType<typeof nextQueued>>[number];

/** The claimed addon with its provider and opened parameters, or undefined (paused when unreadable). */
async function openAddon(
  { options }: Worker,
  trx: Transaction<Database>,
  addonId: number,
): Promise<{ ready: ReadyAddon; circuit: Circuit } | undefined> {
  const addon = await getAddon(options.db, addonId);
  const state = await getDeliveryState(trx, addonId);
  if (!addon || !state) return undefined;
  const provider = PROVIDERS.get(addon.provider);
  const circuit: Circuit = {
    consecutiveFailures: state.consecutive_failures,
    pausedUntil: null,
    lastError: state.last_error,
    lastDeliveredAt: state.last_delivered_at,
  };
  try {
    if (!provider) throw new Error(`Unknown provider ${addon.provider}`);
    const parameters = openParameters(provider, addon.id, addon.parameters, options.box);
    return { ready: { id: addonId, addon, provider, parameters }, circuit };
  } catch (error) {
    // A secret sealed with another key cannot heal by retrying soon: pause and say why.
    circuit.lastError = `The integration's stored parameters cannot be read: ${(error as Error).message}`;
    circuit.pausedUntil = new Date(Date.now() + options.policy.circuitPauseMs);
    await setDeliveryState(trx, addonId, circuit);
    return undefined;
  }
}

/**
 * Delivers one queued event and records the attempt: `next` to go on, `blocked` when the addon
 * waits (a retry is due later or its circuit opened), `lost` when another instance settled it.
 */
async function deliverOne(
  worker: Worker,
  { id: addonId, addon, provider, parameters }: ReadyAddon,
  circuit: Circuit,
  item: Queued,
): Promise<'next' | 'blocked' | 'lost'> {
  const { options } = worker;
  const { policy } = options;
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
    result.ok || !result.retryable ? { kind: 'done' as const } : afterAttempt(policy, false, attempt, now);
  const gaveUp = outcome.kind === 'give-up' || (!result.ok && !result.retryable);
  const settled = await settleAttempt(
    options.db,
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
  if (!settled) return 'lost';
  if (result.ok) {
    circuit.consecutiveFailures = 0;
    circuit.lastDeliveredAt = now;
    circuit.lastError = result.state === 'success' ? null : result.error;
    return 'next';
  }
  circuit.consecutiveFailures += 1;
  circuit.lastError = result.error;
  circuit.pausedUntil = circuitPausedUntil(policy, circuit.consecutiveFailures, now);
  if (circuit.pausedUntil) {
    worker.opened.push({
      addonId,
      provider: addon.provider,
      description: addon.description,
      pausedUntil: circuit.pausedUntil,
      lastError: circuit.lastError,
    });
    return 'blocked';
  }
  return outcome.kind === 'retry' ? 'blocked' : 'next';
}

/** Delivers the claimed addon's due events in order, for at most MAX_CLAIM_MS, in its claim. */
async function deliverFor(worker: Worker, trx: Transaction<Database>, addonId: number): Promise<void> {
  const { db } = worker.options;
  const opened = await openAddon(worker, trx, addonId);
  if (!opened) return;
  const { ready, circuit } = opened;
  const started = Date.now();
  let blocked = false;
  while (!blocked && !worker.stopped() && Date.now() - started < MAX_CLAIM_MS) {
    const queued = await nextQueued(db, addonId, BATCH);
    if (queued.length === 0) break;
    for (const item of queued) {
      if (item.nextAttemptAt.getTime() > Date.now() || worker.stopped()) {
        blocked = true;
        break;
      }
      if (!matchesFilters(ready.addon, item.event)) {
        await removeQueued(db, addonId, item.eventId);
        continue;
      }
      const next = await deliverOne(worker, ready, circuit, item);
      if (next === 'lost') return;
      if (next === 'blocked') {
        blocked = true;
        break;
      }
    }
  }
  await setDeliveryState(trx, addonId, circuit);
  await pruneIntegrationEvents(db, addonId, worker.retention);
}

/** Logs the circuits opened this pass and tells the listener (notifications), one by one. */
async function announceOpenedCircuits({ options, opened }: Worker): Promise<void> {
  for (const circuit of opened.splice(0)) {
    options.logger.warn(
      { addonId: circuit.addonId, provider: circuit.provider, pausedUntil: circuit.pausedUntil },
      'integration paused after repeated delivery failures',
    );
    try {
      await options.onCircuitOpened?.(circuit);
    } catch (error) {
      options.logger.error({ err: error, addonId: circuit.addonId }, 'onCircuitOpened failed');
    }
  }
}

/**
 * Delivers queued events to addons. Each pass claims one addon at a time (row lock, SKIP
 * LOCKED), sends its due events oldest first and stops at the first failure so events stay in
 * order; an event leaves the outbox with its attempt record (committed at once) right after delivery,
 * so a crash repeats at most the one event in flight. Without a secrets key it does not start.
 */
export function startDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, box, logger } = options;
  const concurrency = options.concurrency ?? 2;
  if (!box.available) {
    // Debug only: the headless start already warned once, with how to make a key (index.ts).
    logger.debug(NO_SECRETS_KEY_MESSAGE);
    return { nudge: () => {}, drain: () => Promise.resolve(), stop: () => Promise.resolve() };
  }

  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  const worker: Worker = {
    options,
    retention: options.retention ?? { keep: 1000, maxAgeDays: 14 },
    stopped: () => stopped,
    opened: [],
  };

  /** One claim: true when an addon was claimed (there may be more). */
  async function claimOnce(): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const addonId = await claimDueAddon(trx);
      if (addonId === undefined) return false;
      await deliverFor(worker, trx, addonId);
      return true;
    });
  }

  async function lane(): Promise<void> {
    while (!stopped && (await claimOnce())) {
      // keep claiming while there is due work
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
        await announceOpenedCircuits(worker);
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
