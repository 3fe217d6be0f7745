import { describe, expect, it } from 'vitest';
import type { IpcEventChannel, IpcInvokeChannel, ServerLogLine } from '../../server/contract';
import { createSwitchyardBridge, type IpcRendererLike } from './switchyard-bridge';

type Listener = (event: unknown, ...args: unknown[]) => void;

class FakeIpcRenderer implements IpcRendererLike {
  invoked: Array<[string, unknown[]]> = [];
  listeners = new Map<string, Listener[]>();

  async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    this.invoked.push([channel, args]);
    return { ok: true, value: { name: 'Switchyard', version: '0.1.0', platform: 'linux', packaged: false } };
  }
  on(channel: string, listener: Listener): this {
    this.listeners.set(channel, [...(this.listeners.get(channel) ?? []), listener]);
    return this;
  }
  removeListener(channel: string, listener: Listener): this {
    this.listeners.set(
      channel,
      (this.listeners.get(channel) ?? []).filter((entry) => entry !== listener),
    );
    return this;
  }
  emit(channel: string, payload: unknown): void {
    const rawEvent = { sender: this, senderId: 0 };
    for (const listener of this.listeners.get(channel) ?? []) listener(rawEvent, payload);
  }
}

const line: ServerLogLine = { seq: 3, at: '2025-01-01T00:00:00.000Z', stream: 'stderr', text: 'oops' };

describe('createSwitchyardBridge', () => {
  it('forwards a valid invoke to main', async () => {
    const ipc = new FakeIpcRenderer();
    const bridge = createSwitchyardBridge(ipc);
    const result = await bridge.invoke('switchyard:app:info', {});
    expect(result).toEqual({
      ok: true,
      value: { name: 'Switchyard', version: '0.1.0', platform: 'linux', packaged: false },
    });
    expect(ipc.invoked).toEqual([['switchyard:app:info', [{}]]]);
  });

  it('refuses undeclared channels and bad payloads without calling main', async () => {
    const ipc = new FakeIpcRenderer();
    const bridge = createSwitchyardBridge(ipc);
    const unknown = await bridge.invoke('switchyard:shell:exec' as IpcInvokeChannel, {} as never);
    const invalid = await bridge.invoke('switchyard:server:logs', { limit: -1 });
    expect(unknown).toEqual({
      ok: false,
      error: { name: 'UnknownChannelError', message: 'Channel "switchyard:shell:exec" is not declared.' },
    });
    expect(invalid.ok).toBe(false);
    expect(!invalid.ok && invalid.error.name).toBe('ValidationError');
    expect(ipc.invoked).toEqual([]);
  });

  it('delivers event payloads without the raw IPC event, and unsubscribes', () => {
    const ipc = new FakeIpcRenderer();
    const bridge = createSwitchyardBridge(ipc);
    const received: unknown[][] = [];
    const off = bridge.on('switchyard:server:log', (...args) => received.push(args));
    ipc.emit('switchyard:server:log', line);
    off();
    ipc.emit('switchyard:server:log', line);
    expect(received).toEqual([[line]]);
    expect(ipc.listeners.get('switchyard:server:log')).toEqual([]);
  });

  it('refuses to subscribe to undeclared events', () => {
    const bridge = createSwitchyardBridge(new FakeIpcRenderer());
    expect(() => bridge.on('switchyard:anything' as IpcEventChannel, () => {})).toThrow(
      'Event "switchyard:anything" is not declared.',
    );
  });

  it('is frozen', () => {
    const bridge = createSwitchyardBridge(new FakeIpcRenderer());
    expect(Object.isFrozen(bridge)).toBe(true);
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'on']);
  });
});
