import type { Context } from '../../../contract';
import { TRACK_LIMITS } from '../../../contract/experiments';
import { type EvaluationDeps, evaluateFlagByName } from '../../evaluation';
import type { RunningExperiment, RunningExperiments } from './running-experiments';
import type { TrackBuffer } from './track-buffer';

/**
 * Exposures seen where the server evaluates (issue 35 §1): the frontend API and OFREP tell the
 * recorder what they served; it keeps the first exposure per experiment and user. Users already
 * recorded by this process are remembered (up to `MAX_REMEMBERED`), so a browser polling every
 * 15 seconds costs one Set lookup per poll, not a row per flush.
 */
const MAX_REMEMBERED = 200_000;
const SEP = '\u0000';

/** The port the frontend API and OFREP call (declared there as `ExposureRecorder`). */
export interface ExposureRecording {
  watches(environment: string): boolean;
  evaluated(environment: string, context: Context, sessionIdSent: boolean, deps: EvaluationDeps): void;
  served(
    environment: string,
    featureName: string,
    variant: string,
    context: Context,
    sessionIdSent: boolean,
  ): void;
  /** Records one exposure; false when it is not one (no running experiment, not its variant, before its start). */
  expose(experiment: RunningExperiment, userKey: string, variant: string, at: Date): boolean;
}

export function createExposureRecorder(
  running: RunningExperiments,
  buffer: TrackBuffer,
  clock: () => Date,
): ExposureRecording {
  let remembered = new Set<string>();

  /** The user an evaluated context stands for: its userId, else a sessionId the caller sent. */
  const userKeyOf = (context: Context, sessionIdSent: boolean): string | undefined => {
    const key = context.userId ?? (sessionIdSent ? context.sessionId : undefined);
    return key && key.length <= TRACK_LIMITS.userKeyLength ? key : undefined;
  };

  const expose = (experiment: RunningExperiment, userKey: string, variant: string, at: Date): boolean => {
    if (variant === 'disabled' || at < experiment.startedAt) return false;
    if (experiment.variants.size > 0 && !experiment.variants.has(variant)) return false;
    const key = `${experiment.id}${SEP}${userKey}`;
    if (remembered.has(key)) return true;
    if (remembered.size >= MAX_REMEMBERED) remembered = new Set();
    remembered.add(key);
    buffer.addExposure({ experimentId: experiment.id, userKey, variant, exposedAt: at });
    return true;
  };

  return {
    watches: (environment) => running.current().byEnvironment.has(environment),
    expose,
    evaluated(environment, context, sessionIdSent, deps) {
      const flags = running.current().byEnvironment.get(environment);
      const userKey = flags && userKeyOf(context, sessionIdSent);
      if (!flags || !userKey) return;
      for (const experiment of flags.values()) {
        if (remembered.has(`${experiment.id}${SEP}${userKey}`)) continue;
        // The same evaluation the answer was rendered with (deterministic for a context with a
        // user key), of the experiment's flags only.
        const { enabled, variant } = evaluateFlagByName(experiment.featureName, context, deps);
        if (enabled && variant.enabled) expose(experiment, userKey, variant.name, clock());
      }
    },
    served(environment, featureName, variant, context, sessionIdSent) {
      const experiment = running.current().byEnvironment.get(environment)?.get(featureName);
      const userKey = experiment && userKeyOf(context, sessionIdSent);
      if (experiment && userKey) expose(experiment, userKey, variant, clock());
    },
  };
}
