import { ConfigError, loadConfig } from './config';
import { startServer } from './index';
import { createLogger } from './lib/logger';

/** Exit code for configuration errors (BSD sysexits EX_CONFIG), distinct from runtime failures. */
const EXIT_CONFIG = 78;

function fail(message: string, code: number): never {
  process.stderr.write(`switchyard: ${message}\n`);
  process.exit(code);
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message, EXIT_CONFIG);
    throw error;
  }
  const logger = createLogger(config.logLevel);

  // Forked with an IPC channel (the desktop host's child_process.fork fallback): when the parent
  // goes away, even by SIGKILL, the channel closes and this server must not outlive it.
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

  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({ config, logger });
  } catch (error) {
    fail((error as Error).message, error instanceof ConfigError ? EXIT_CONFIG : 1);
  }
  logger.info(
    {
      url: server.url,
      sdkUrl: server.sdkUrl,
      postgres: server.postgresVersion,
      embedded: server.embedded,
      timings: server.timings,
    },
    'Switchyard is listening',
  );
  process.stdout.write(`Switchyard is running at ${server.url}\n`);
  if (server.sdkUrl) process.stdout.write(`Switchyard serves the SDK APIs at ${server.sdkUrl}\n`);

  // Ctrl-C in a terminal delivers SIGINT twice: to the whole process group and again from the
  // parent that forwards it (scripts/start.mjs, npm). A second signal therefore still means the
  // orderly stop that writes buffered metrics; only a third, or a stop that outlasts its
  // deadline, exits without waiting (issue 12 §5).
  let signals = 0;
  const forceAfterMs = (config.shutdownGraceSeconds + 20) * 1000;
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
