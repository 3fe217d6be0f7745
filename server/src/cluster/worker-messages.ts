/** What a cluster worker tells the primary once it listens (server/src/main.ts sends it). */
export interface WorkerReady {
  type: 'switchyard-worker-ready';
  url: string;
  sdkUrl: string | null;
  postgresVersion: string;
}

export function isWorkerReady(message: unknown): message is WorkerReady {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { type?: unknown }).type === 'switchyard-worker-ready' &&
    typeof (message as { url?: unknown }).url === 'string'
  );
}
