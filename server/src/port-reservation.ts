import net from 'node:net';
import type { Config } from './config';

export class StartupError extends Error {
  override name = 'StartupError';
}

/** Turns a bind failure into a one-line StartupError naming the variable to change. */
export function listenFailure(
  error: unknown,
  host: string,
  port: number,
  hostVariable: 'HOST' | 'SDK_HOST',
): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  const which = hostVariable === 'HOST' ? '' : 'SDK listener: ';
  const portVariable = hostVariable === 'HOST' ? 'PORT' : 'SDK_PORT';
  if (code === 'EADDRINUSE')
    return new StartupError(
      `${which}port ${port} on ${host} is already in use; choose another with ${portVariable}=<port> (0 picks a free one)`,
    );
  if (code === 'EADDRNOTAVAIL')
    return new StartupError(`${hostVariable} ${host} is not an address of this machine`);
  if (code === 'EACCES') return new StartupError(`${which}not allowed to listen on ${host}:${port}`);
  return error;
}

export interface PortReservation {
  /** Frees the port for the real listener; idempotent. */
  release(): Promise<void>;
}

export const NOTHING_HELD: PortReservation = { release: async () => {} };

async function reserve(
  host: string,
  port: number,
  hostVariable: 'HOST' | 'SDK_HOST',
): Promise<PortReservation> {
  // Port 0: the listener picks a free port of its own, there is nothing to hold.
  if (port === 0) return NOTHING_HELD;
  // Connections arriving while the server starts are cut at once, as a closed port would refuse them.
  const holder = net.createServer((socket) => socket.destroy());
  holder.unref();
  try {
    await new Promise<void>((resolve, reject) => {
      holder.once('error', reject);
      holder.listen({ host, port }, resolve);
    });
  } catch (error) {
    throw listenFailure(error, host, port, hostVariable);
  }
  let released: Promise<void> | undefined;
  return {
    release: () => {
      released ??= new Promise((resolve) => holder.close(() => resolve()));
      return released;
    },
  };
}

/**
 * Issue 31 §1: a taken port must stop the start before anything happens, above all before the
 * first start creates the admin and prints its one-time password, which a start failing later
 * would consume. So the ports are bound first and held while the database starts and the app
 * gets ready, then handed to the real listeners.
 */
export async function reservePorts(
  config: Pick<Config, 'host' | 'port' | 'sdkListener'>,
): Promise<{ main: PortReservation; sdk: PortReservation }> {
  const main = await reserve(config.host, config.port, 'HOST');
  if (!config.sdkListener) return { main, sdk: NOTHING_HELD };
  try {
    return { main, sdk: await reserve(config.sdkListener.host, config.sdkListener.port, 'SDK_HOST') };
  } catch (error) {
    await main.release();
    throw error;
  }
}
