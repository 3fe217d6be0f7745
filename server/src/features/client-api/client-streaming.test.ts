import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { EncodedBody } from '../../http/content-encoding';
import type { ClientFeatureCache } from './client-feature-cache';
import type { ClientQuery } from './client-payload';
import { createStreamingHub } from './client-streaming';

type Delta = Awaited<ReturnType<ClientFeatureCache['clientDelta']>>;

function fakeResponse() {
  const written: string[] = [];
  const response = {
    writableLength: 0,
    writeHead: () => response,
    write: (bytes: Buffer | string) => {
      written.push(bytes.toString());
      return true;
    },
    on: () => response,
    destroy: () => {},
    end: () => {},
  };
  return { response: response as unknown as ServerResponse, written };
}

const updated = (revision: number): Delta => {
  const body = Buffer.from(`{"events":[{"eventId":${revision}}]}`);
  return { status: 200, etag: `"${revision}"`, body, encoded: new EncodedBody(body, `"${revision}"`) };
};

describe('streaming hub', () => {
  it('runs another pass when a change is announced during a pass, instead of waiting for the next tick', async () => {
    const answers: Array<Promise<Delta>> = [Promise.resolve(updated(1))];
    let release: (() => void) | undefined;
    // The first pass is slow and finds nothing new: the change commits while it runs.
    answers.push(
      new Promise<Delta>((resolve) => {
        release = () => resolve({ status: 304, etag: '"1"' } as Delta);
      }),
    );
    answers.push(Promise.resolve(updated(2)));
    const cache = {
      clientDelta: () => answers.shift() ?? Promise.resolve({ status: 304, etag: '"2"' } as Delta),
    } as unknown as ClientFeatureCache;
    const hub = createStreamingHub({ cache, checkIntervalMs: 3_600_000 });
    const { response, written } = fakeResponse();
    expect(await hub.open(response, { environment: 'development' } as ClientQuery, null)).toBe('open');

    const first = hub.checkNow();
    // A notification arrives mid-pass: it must not be lost.
    const second = hub.checkNow();
    release?.();
    await first;
    await second;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(written.at(-1)).toBe('event: unleash-updated\nid: 2\ndata: {"events":[{"eventId":2}]}\n\n');
    hub.disconnectAll();
  });

  it('does not keep a stream whose client left while its hydration was built, nor let concurrent opens pass the limit', async () => {
    let finish: ((delta: Delta) => void) | undefined;
    const cache = {
      clientDelta: () => new Promise<Delta>((resolve) => (finish = resolve)),
    } as unknown as ClientFeatureCache;
    const hub = createStreamingHub({ cache, checkIntervalMs: 3_600_000, maxConnections: 1 });
    const leaving = fakeResponse();
    const opened = hub.open(leaving.response, { environment: 'development' } as ClientQuery, null);
    // The only slot is taken while the first hydration is built.
    expect(await hub.open(fakeResponse().response, { environment: 'development' } as ClientQuery, null)).toBe(
      'full',
    );
    (leaving.response as unknown as { destroyed: boolean }).destroyed = true;
    finish?.(updated(1));
    await opened;
    expect(hub.stats().streams).toBe(0);
    expect(leaving.written).toEqual([]);
    hub.disconnectAll();
  });
});
