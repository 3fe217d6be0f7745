import { randomUUID } from 'node:crypto';
import { InMemStorageProvider, Unleash, type UnleashConfig } from 'unleash-client';

/**
 * The real Node SDK (npm unleash-client) pointed at a test server with a client token. It keeps
 * its state in memory (no backup file shared between runs) and resolves once it has fetched the
 * flags from the server ('synchronized'), or fails with the SDK's first error.
 */
export async function startNodeSdk(
  options: { url: string; token: string; appName: string } & Partial<UnleashConfig>,
  timeoutMs = 10_000,
): Promise<{ unleash: Unleash; errors: unknown[] }> {
  const { url, token, appName, ...rest } = options;
  const errors: unknown[] = [];
  const unleash = new Unleash({
    url: `${url}/api/`,
    appName,
    instanceId: `${appName}-${randomUUID()}`,
    customHeaders: { Authorization: token },
    disableMetrics: true,
    // 0 would disable fetching altogether (the SDK's polling fetcher skips a non-positive
    // interval): one fetch at start, the next an hour later, long after the test.
    refreshInterval: 3_600_000,
    storageProvider: new InMemStorageProvider(),
    skipInstanceCountWarning: true,
    ...rest,
  });
  let failed: ((error: unknown) => void) | undefined;
  // Without a listener an 'error' event would throw inside the SDK's timers.
  unleash.on('error', (error: unknown) => {
    errors.push(error);
    failed?.(error);
  });
  unleash.on('warn', () => {});
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the Node SDK did not synchronise within ${timeoutMs} ms`)),
        timeoutMs,
      );
      failed = (error) => {
        clearTimeout(timer);
        reject(new Error(`the Node SDK failed before synchronising: ${String(error)}`));
      };
      unleash.once('synchronized', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  } catch (error) {
    unleash.destroy();
    throw error;
  } finally {
    failed = undefined;
  }
  return { unleash, errors };
}
