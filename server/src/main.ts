import cluster from 'node:cluster';
import { type RunningCluster, startCluster, WorkerStartError } from './cluster/cluster-primary';
import type { WorkerReady } from './cluster/worker-messages';
import { type Config, ConfigError, loadConfig } from './config';
import { type RunningServer, startServer } from './index';
import { createLogger, type Logger } from './lib/logger';

/** Exit code for configuration errors (BSD sysexits EX_CONFIG), distinct from runtime failures. */
const EXIT_CONFIG = 78;

function fail(message: string, code: number): never {
  process.stderr.write(`switchyard: ${message}\n`);
  process.exit(code);
}

function exitCodeOf(error: unknown): number {
  if (error instanceof WorkerStartError) return error.exitCode;
  return error instanceof ConfigError ? EXIT_CONFIG : 1;
}

type Running = Pick<RunningServer, 'url' | 'sdkUrl' | 'postgresVersion' | 'embedded' | 'stop'> &
  Partial<Pick<RunningServer, 'timings'>> &
  Partial<Pick<RunningCluster, 'workers'>>;

/**
 * One process serving (WORKERS=1, and always in a cluster's worker), or the primary of a
 * cluster of WORKERS processes (server/src/cluster).
 */
async function start(config: Config, logger: Logger): Promise<Running> {
  if (cluster.isWorker) return startServer({ config, logger, skipPortReservation: true });
  if (config.workers > 1) return startCluster(config, logger);
  return startServer({ config, logger });
}

function announce(server: Running, logger: Logger): void {
  if (cluster.isWorker) {
    // The primary prints the address once, when every worker listens.
    const ready: WorkerReady = {
      type: 'switchyard-worker-ready',
      url: server.url,
      sdkUrl: server.sdkUrl,
      postgresVersion: server.postgresVersion,
    };
    process.send?.(ready);
    return;
  }
  const { url, sdkUrl, postgresVersion: postgres, embedded, timings, workers } = server;
  logger.info({ url, sdkUrl, postgres, embedded, timings, workers }, 'Switchyard is listening');
  const processes = workers ? ` (${workers} worker processes)` : '';
  process.stdout.write(`Switchyard is running at ${url}${processes}\n`);
  if (sdkUrl) process.stdout.write(`Switchyard serves the SDK APIs at ${sdkUrl}\n`);
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message, EXIT_CONFIG);
    throw error;
  }
  const logger = createLogger(config.logLevel);

  // Forked with an IPC channel (the desktop host's child_process.fork fallback, or a cluster's
  // primary): when the parent goes away, even by SIGKILL, the channel closes and this server
  // must not outlive it.
  let parentGone = false;
  let onParentGone = () => {
    parentGone = true;
  };
  if (process.send) {
    process.on('disconnect', () => {
      // Its ends of our stdout and stderr pipes are usually gone too: a write must not crash the stop.
      for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
      onParentGone();
    });
  }

  let server: Running;
  try {
    server = await start(config, logger);
  } catch (error) {
    fail((error as Error).message, exitCodeOf(error));
  }
  announce(server, logger);

  // Ctrl-C in a terminal delivers SIGINT twice: to the whole process group and again from the
  // parent that forwards it (scripts/start.mjs, npm). A second signal therefore still means the
  // orderly stop that writes buffered metrics; only a third, or a stop that outlasts its
  // deadline, exits without waiting (issue 12 §5).
  let signals = 0;
  const forceAfterMs = (config.shutdownGraceSeconds + 20) * 1000 + (config.workers > 1 ? 5000 : 0);
  const shutdown = (signal: string) => {
    signals += 1;
    if (signals === 2) {
      logger.info({ signal }, 'already shutting down; a third signal exits without waiting');
      return;
    }
    if (signals > 2) fail(`${signal} received a third time, exiting without waiting`, 1);
    logger.info({ signal }, 'shutting down');
    setTimeout(
      () => fail(`shutdown took over ${forceAfterMs / 1000} s, exiting without waiting`, 1),
      forceAfterMs,
    ).unref();
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => fail(`shutdown failed: ${(error as Error).message}`, 1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  onParentGone = () => shutdown('disconnect');
  if (parentGone) shutdown('disconnect');
}

main().catch((error: unknown) => fail((error as Error).stack ?? String(error), 1));
