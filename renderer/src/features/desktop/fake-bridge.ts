import type {
  IpcError,
  IpcEventChannel,
  IpcEventPayload,
  IpcInvokeChannel,
  IpcRequest,
  IpcResponse,
  ServerStatus,
  SwitchyardBridge,
} from '../../../../server/contract/ipc';
import { createDesktopPlatform } from '../../platform/platform';
import type { FakeServer } from '../../test-utils/fake-server';

type Answer<C extends IpcInvokeChannel> = (
  payload: IpcRequest<C>,
) => IpcResponse<C> | Promise<IpcResponse<C>>;

/** Throw this from an answer to make the fake main reply with its error shape. */
export class FakeIpcFailure extends Error {
  constructor(readonly error: IpcError) {
    super(error.message);
  }
}

/**
 * A stand-in for the preload's `window.switchyard`: answers the channels a test sets, records every
 * call, and lets the test push events as main would.
 */
export function createFakeBridge(server: FakeServer) {
  const calls: Array<{ channel: IpcInvokeChannel; payload: unknown }> = [];
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const running: ServerStatus = {
    state: 'running',
    url: server.origin,
    pid: 4100,
    restarts: 0,
    lastExit: null,
    nextRestartAt: null,
    message: null,
  };
  const answers = new Map<IpcInvokeChannel, (payload: unknown) => unknown>([
    ['switchyard:server:status', () => running],
    ['switchyard:secrets:list', () => ({ keys: [] })],
  ]);

  const bridge: SwitchyardBridge = {
    invoke: (async (channel: IpcInvokeChannel, payload: unknown) => {
      calls.push({ channel, payload });
      const answer = answers.get(channel);
      if (!answer)
        return { ok: false, error: { name: 'InternalError', message: `no fake answer for ${channel}` } };
      try {
        return { ok: true, value: await answer(payload) };
      } catch (error) {
        if (error instanceof FakeIpcFailure) return { ok: false, error: error.error };
        throw error;
      }
    }) as SwitchyardBridge['invoke'],
    on: ((channel: string, listener: (payload: unknown) => void) => {
      const set = listeners.get(channel) ?? new Set();
      set.add(listener);
      listeners.set(channel, set);
      return () => set.delete(listener);
    }) as SwitchyardBridge['on'],
  };

  let reloads = 0;
  const fake = {
    bridge,
    calls,
    platform: createDesktopPlatform(bridge, () => {
      reloads += 1;
    }),
    get reloads() {
      return reloads;
    },
    answer<C extends IpcInvokeChannel>(channel: C, respond: Answer<C>) {
      answers.set(channel, respond as (payload: unknown) => unknown);
      return fake;
    },
    emit<E extends IpcEventChannel>(channel: E, payload: IpcEventPayload<E>) {
      for (const listener of listeners.get(channel) ?? []) listener(payload);
    },
    listenerCount: (channel: IpcEventChannel) => listeners.get(channel)?.size ?? 0,
    callsTo: (channel: IpcInvokeChannel) =>
      calls.filter((call) => call.channel === channel).map((call) => call.payload),
  };
  return fake;
}
