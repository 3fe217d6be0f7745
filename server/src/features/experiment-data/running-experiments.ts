/**
 * Which experiments run, in memory, so the SDK hot paths ask a Map instead of the database
 * (issue 35 §1): reloaded every few seconds and soon after a change notice (an experiment
 * started or stopped on any instance). While none runs in an environment, `watches` is one
 * failed Map lookup: all an evaluation there pays.
 */

export interface RunningExperiment {
  id: number;
  featureName: string;
  environment: string;
  startedAt: Date;
  /** The variants the experiment splits between; an exposure to any other is not recorded. */
  variants: ReadonlySet<string>;
  /** The event names its metrics read. */
  eventNames: ReadonlySet<string>;
}

export interface RunningIndex {
  /** Environment → flag name → its running experiment; environments without one are absent. */
  readonly byEnvironment: ReadonlyMap<string, ReadonlyMap<string, RunningExperiment>>;
  /** Environment → the event names its running experiments read. */
  readonly eventNames: ReadonlyMap<string, ReadonlySet<string>>;
}

export const EMPTY_INDEX: RunningIndex = { byEnvironment: new Map(), eventNames: new Map() };

export function indexRunning(experiments: readonly RunningExperiment[]): RunningIndex {
  const byEnvironment = new Map<string, Map<string, RunningExperiment>>();
  const eventNames = new Map<string, Set<string>>();
  for (const experiment of experiments) {
    const { environment } = experiment;
    let flags = byEnvironment.get(environment);
    if (!flags) {
      flags = new Map();
      byEnvironment.set(environment, flags);
    }
    flags.set(experiment.featureName, experiment);
    let names = eventNames.get(environment);
    if (!names) {
      names = new Set();
      eventNames.set(environment, names);
    }
    for (const name of experiment.eventNames) names.add(name);
  }
  return { byEnvironment, eventNames };
}

/** How long a change notice waits before the reload, so a burst of notices costs one query. */
const NOTICE_DELAY_MS = 250;

export interface RunningExperiments {
  current(): RunningIndex;
  /** Reloads now; concurrent callers share one query. A failed reload keeps the last index. */
  refresh(): Promise<void>;
  /** Something changed somewhere: reload soon. */
  changed(): void;
  start(): void;
  stop(): void;
}

export function createRunningExperiments(options: {
  load: () => Promise<RunningExperiment[]>;
  refreshMs: number;
  logger: { warn(details: object, message: string): void };
}): RunningExperiments {
  let index = EMPTY_INDEX;
  let loading: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let soon: NodeJS.Timeout | undefined;
  const refresh = (): Promise<void> => {
    loading ??= options
      .load()
      .then((experiments) => {
        index = indexRunning(experiments);
      })
      .catch((error: unknown) => {
        options.logger.warn({ err: error }, 'experiments: reading the running experiments failed');
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };
  return {
    current: () => index,
    refresh,
    changed() {
      if (soon || !timer) return;
      soon = setTimeout(() => {
        soon = undefined;
        void refresh();
      }, NOTICE_DELAY_MS);
      soon.unref();
    },
    start() {
      if (timer) return;
      void refresh();
      timer = setInterval(() => void refresh(), options.refreshMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      if (soon) clearTimeout(soon);
      timer = undefined;
      soon = undefined;
    },
  };
}
