import { createServer } from 'node:net';

// Below Linux's ephemeral range (32768–60999, where port 0 and every outgoing connection draw
// their local port): a port handed out here cannot be taken, between this probe and the test's
// own listen, by some other test's database or HTTP client connection.
const LOW_PORT = 20_000;
const HIGH_PORT = 32_767;

function tryListen(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(null));
    probe.listen(port, '127.0.0.1', () => {
      const address = probe.address();
      const bound = typeof address === 'object' && address !== null ? address.port : null;
      probe.close(() => resolve(bound));
    });
  });
}

/** A loopback port that was free a moment ago; good enough for tests that start servers. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = await tryListen(LOW_PORT + Math.floor(Math.random() * (HIGH_PORT - LOW_PORT + 1)));
    if (port !== null) return port;
  }
  const port = await tryListen(0);
  if (port === null) throw new Error('no free loopback port');
  return port;
}
