import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../config';
import { checkDataDirAndReservePorts, prepareDatabase } from '../index';
import type { Logger } from '../lib/logger';
import { resolveSecretsKey } from '../secrets-key-source';
import { connectionsNeeded, nextRestart, type RestartState } from './restart-policy';
import { isWorkerReady, type WorkerReady } from './worker-messages';

/** A worker ended before the cluster was up: the start fails with its exit code. */
export class WorkerStartError extends Error {
  override name = 'WorkerStartError';
  constructor(readonly exitCode: number) {
    super(`a worker process exited with code ${exitCode} while starting`);
  }
}

export interface RunningCluster {
  url: string;
  sdkUrl: string | null;
  postgresVersion: string;
  embedded: boolean;
  workers: number;
  stop(): Promise<void>;
}

/**
 * WORKERS > 1 (issue 34): this process becomes the cluster's primary. It does once what must
 * happen once (checks DATA_DIR and the ports, starts the embedded PostgreSQL, migrates), then
 * forks the workers; each is a whole instance over the same database (docs/several-instances.md:
 * snapshots kept current by change notices, metrics added, never overwritten) and node:cluster
 * hands them the connections of one shared port. A worker that dies later is replaced.
 */
export async function startCluster(config: Config, logger: Logger): Promise<RunningCluster> {
  const undo: Array<() => Promise<void>> = [];
  try {
    const ports = await checkDataDirAndReservePorts(config);
    undo.push(ports.main.release, ports.sdk.release);
    const secretsKey = await resolveSecretsKey(config, logger);
    const prepared = await prepareDatabase(
      { config: { ...config, secretsKey }, embeddedMaxConnections: connectionsNeeded(config.workers) },
      logger,
      undo,
    );
    // The workers bind the shared listeners through this process: the holders must let go first.
    await ports.main.release();
    await ports.sdk.release();
    const env: Record<string, string> = {
      DATABASE_URL: prepared.connectionString,
      ...(secretsKey ? { SECRETS_ENCRYPTION_KEY: secretsKey.toString('hex') } : {}),
    };
    const workers = superviseWorkers(config.workers, env, logger);
    undo.push(() => workers.stopAll(config.shutdownGraceSeconds * 1000 + 20_000));
    const first = await workers.ready;
    const { embedded } = prepared;
    return {
      url: first.url,
      sdkUrl: first.sdkUrl,
      postgresVersion: prepared.postgresVersion,
      embedded: Boolean(embedded),
      workers: config.workers,
      stop: async () => {
        // Each worker drains its requests and writes its buffered metrics before the database goes.
        await workers.stopAll(config.shutdownGraceSeconds * 1000 + 20_000);
        await embedded?.stop();
      },
    };
  } catch (error) {
    for (const step of undo.reverse()) await step().catch(() => {});
    throw error;
  }
}

interface Supervision {
  /** The first worker's announcement, once every worker listens. */
  ready: Promise<WorkerReady>;
  /** SIGTERM to every worker, then waits for them (SIGKILL after `forceAfterMs`). */
  stopAll(forceAfterMs: number): Promise<void>;
}

function superviseWorkers(count: number, env: Record<string, string>, logger: Logger): Supervision {
  const live = new Set<Worker>();
  let stopping = false;
  let started = false;
  let restarts: RestartState = { recentDeaths: 0 };
  let resolveReady!: (message: WorkerReady) => void;
  let rejectReady!: (error: Error) => void;
  const ready = new Promise<WorkerReady>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  const announced: WorkerReady[] = [];

  const fork = () => {
    const worker = cluster.fork(env);
    const bornAt = Date.now();
    live.add(worker);
    worker.on('message', (message: unknown) => {
      if (!isWorkerReady(message) || started) return;
      announced.push(message);
      if (announced.length === count) {
        started = true;
        resolveReady(announced[0]!);
      }
    });
    worker.on('exit', (code, signal) => {
      live.delete(worker);
      if (stopping) return;
      if (!started) {
        rejectReady(new WorkerStartError(code ?? 1));
        return;
      }
      const next = nextRestart(restarts, Date.now() - bornAt);
      restarts = next.state;
      logger.error(
        { pid: worker.process.pid, code, signal, restartInMs: next.delayMs },
        'a worker process stopped unexpectedly; starting another',
      );
      setTimeout(() => {
        if (!stopping) fork();
      }, next.delayMs);
    });
  };
  for (let index = 0; index < count; index += 1) fork();

  let stopped: Promise<void> | undefined;
  const stopAll = (forceAfterMs: number) => {
    stopping = true;
    stopped ??= Promise.all(
      [...live].map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            const force = setTimeout(() => worker.process.kill('SIGKILL'), forceAfterMs);
            worker.once('exit', () => {
              clearTimeout(force);
              resolve();
            });
            worker.process.kill('SIGTERM');
          }),
      ),
    ).then(() => undefined);
    return stopped;
  };
  return { ready, stopAll };
}
