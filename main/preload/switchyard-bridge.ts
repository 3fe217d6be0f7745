import { Value } from 'typebox/value';
import {
  IPC_INVOKE_CHANNELS,
  type IpcResult,
  isIpcEventChannel,
  isIpcInvokeChannel,
  type SwitchyardBridge,
} from '../../server/contract';
import { describeSchemaErrors } from '../ipc/schema-errors';

/** The parts of Electron's ipcRenderer the bridge uses. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

function refused(
  name: 'UnknownChannelError' | 'ValidationError',
  message: string,
): Promise<IpcResult<never>> {
  return Promise.resolve({ ok: false, error: { name, message } });
}

/**
 * `window.switchyard`: invoke declared channels, subscribe to declared events,
 * nothing else. Checks here fail fast in the console; main checks everything
 * again because a compromised renderer could skip the preload's code.
 */
export function createSwitchyardBridge(ipc: IpcRendererLike): SwitchyardBridge {
  const bridge: SwitchyardBridge = {
    invoke(channel, payload) {
      if (!isIpcInvokeChannel(channel)) {
        return refused('UnknownChannelError', `Channel "${String(channel).slice(0, 100)}" is not declared.`);
      }
      const schema = IPC_INVOKE_CHANNELS[channel].request;
      if (!Value.Check(schema, payload)) {
        return refused(
          'ValidationError',
          `Invalid payload for ${channel}: ${describeSchemaErrors(schema, payload)}`,
        );
      }
      return ipc.invoke(channel, payload) as ReturnType<SwitchyardBridge['invoke']>;
    },

    on(channel, listener) {
      if (!isIpcEventChannel(channel)) throw new TypeError(`Event "${String(channel)}" is not declared.`);
      // The IpcRendererEvent stays here: it carries `sender`, the raw ipcRenderer.
      const forward = (_event: unknown, payload: unknown): void => {
        (listener as (payload: unknown) => void)(payload);
      };
      ipc.on(channel, forward);
      return () => {
        ipc.removeListener(channel, forward);
      };
    },
  };
  return Object.freeze(bridge);
}
