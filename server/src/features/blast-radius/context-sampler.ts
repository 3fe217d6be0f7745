import type { BlastRadiusSettings, Context } from '../../../contract';
import type { Db } from '../../db/database';
import {
  deleteExpiredContexts,
  readSamplingSettings,
  type SampleRow,
  samplingSecret,
  storeSampledContexts,
} from './blast-radius-store';
import { contextHash, sanitizeContext } from './context-privacy';
import { createContextReservoir } from './context-reservoir';

/** Bounds of the shared store and of one instance's memory (issue 15). */
export const SAMPLING_LIMITS = {
  /** Contexts kept per environment across all instances; the oldest are pruned. */
  maxContextsPerEnvironment: 10_000,
  /** Contexts one instance holds per environment between two flushes. */
  reservoirPerEnvironment: 200,
  maxEnvironments: 100,
};
const RETENTION_SWEEP_MS = 10 * 60 * 1000;

export interface ContextSampler {
  /** Called on the request path: never awaits, never throws, costs a counter and a random draw. */
  offer(environment: string, context: Context): void;
  /** Stores what was sampled since the last flush; failures are logged and the batch dropped. */
  flush(): Promise<void>;
  /** The settings changed on this instance: apply them at once. */
  settingsChanged(settings: BlastRadiusSettings): void;
  start(): void;
  stop(): Promise<void>;
}

export function createContextSampler(options: {
  db: Db;
  logger: { warn(details: object, message: string): void };
  flushIntervalMs: number;
  maxContextsPerEnvironment?: number;
  /** Replaces the store write, for tests of a failing database. */
  store?: typeof storeSampledContexts;
}): ContextSampler {
  const { db } = options;
  const maxRows = options.maxContextsPerEnvironment ?? SAMPLING_LIMITS.maxContextsPerEnvironment;
  const store = options.store ?? storeSampledContexts;
  const reservoir = createContextReservoir({
    capacityPerEnvironment: SAMPLING_LIMITS.reservoirPerEnvironment,
    maxEnvironments: SAMPLING_LIMITS.maxEnvironments,
  });
  // Sampling starts on: the default; the first flush reads the stored switch.
  let enabled = true;
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  let lastSweep = 0;

  async function flushOnce(): Promise<void> {
    const batch = reservoir.drain();
    const settings = await readSamplingSettings(db);
    enabled = settings.enabled;
    if (!settings.enabled) return;
    if (Date.now() - lastSweep > RETENTION_SWEEP_MS) {
      await deleteExpiredContexts(db, settings.retentionDays);
      lastSweep = Date.now();
    }
    if (batch.size === 0) return;
    const policy = {
      sensitiveFields: new Set(settings.sensitiveFields),
      mode: settings.sensitiveMode,
      secret: await samplingSecret(db),
    };
    for (const [environment, contexts] of batch) {
      const rows = new Map<string, SampleRow>();
      for (const context of contexts) {
        const stored = sanitizeContext(context, policy);
        const hash = contextHash(stored);
        rows.set(hash, { hash, context: stored });
      }
      await store(db, environment, [...rows.values()], maxRows);
    }
  }

  const sampler: ContextSampler = {
    offer(environment, context) {
      if (enabled) reservoir.offer(environment, context);
    },
    flush() {
      // One flush at a time; a flush asked for meanwhile waits for the running one.
      flushing ??= flushOnce()
        .catch((error: unknown) => {
          options.logger.warn({ err: error }, 'blast radius: sampled contexts not stored (dropped)');
        })
        .finally(() => {
          flushing = undefined;
        });
      return flushing;
    },
    settingsChanged(settings) {
      enabled = settings.enabled;
      if (!enabled) reservoir.drain();
    },
    start() {
      if (timer) return;
      timer = setInterval(() => void sampler.flush(), options.flushIntervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await sampler.flush();
    },
  };
  return sampler;
}
