import { describe, expect, it } from 'vitest';
import type { IpcEventChannel, ServerLogLine } from '../../server/contract';
import { createEventSender, type EventTarget } from './event-sender';

class FakeWebContents implements EventTarget {
  readonly sent: Array<[string, unknown[]]> = [];
  constructor(
    private url: string,
    private destroyed = false,
  ) {}
  isDestroyed(): boolean {
    return this.destroyed;
  }
  getURL(): string {
    return this.url;
  }
  send(channel: string, ...args: unknown[]): void {
    this.sent.push([channel, args]);
  }
}

const line: ServerLogLine = { seq: 1, at: '2025-01-01T00:00:00.000Z', stream: 'stdout', text: 'listening' };

describe('createEventSender', () => {
  it('sends a valid declared event to console pages only', () => {
    const consolePage = new FakeWebContents('http://127.0.0.1:4242/features');
    const foreign = new FakeWebContents('https://example.com/');
    const closed = new FakeWebContents('http://127.0.0.1:4242/', true);
    const events = createEventSender({
      appOrigin: 'http://127.0.0.1:4242',
      targets: () => [consolePage, foreign, closed],
    });
    expect(events.send('switchyard:server:log', line)).toBe(1);
    expect(consolePage.sent).toEqual([['switchyard:server:log', [line]]]);
    expect(foreign.sent).toEqual([]);
    expect(closed.sent).toEqual([]);
  });

  it('drops payloads with undeclared fields and undeclared channels', () => {
    const page = new FakeWebContents('http://127.0.0.1:4242/');
    const logged: string[] = [];
    const events = createEventSender({
      appOrigin: 'http://127.0.0.1:4242',
      targets: () => [page],
      log: (message) => logged.push(message),
    });
    const leaky = { ...line, token: 'user:abc' } as ServerLogLine;
    expect(events.send('switchyard:server:log', leaky)).toBe(0);
    expect(events.send('switchyard:secrets:leak' as IpcEventChannel, line)).toBe(0);
    expect(page.sent).toEqual([]);
    expect(logged).toHaveLength(2);
    expect(logged[1]).toBe('not sending undeclared event switchyard:secrets:leak');
  });
});
