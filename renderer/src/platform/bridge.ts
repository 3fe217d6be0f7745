import type {
  IpcInvokeChannel,
  IpcRequest,
  IpcResponse,
  IpcResult,
  SwitchyardBridge,
} from '../../../server/contract/ipc';

/**
 * The Electron preload exposes `window.switchyard` (server/contract/ipc.ts declares its shape);
 * in a plain browser it is absent. Only the platform folder reads it.
 */
declare global {
  interface Window {
    switchyard?: SwitchyardBridge;
  }
}

export type { SwitchyardBridge };

export function findBridge(win: Window): SwitchyardBridge | null {
  const candidate = win.switchyard;
  return candidate && typeof candidate.invoke === 'function' ? candidate : null;
}

/**
 * Thrown when main answers an IPC call with its error shape; `ipcName` is stable, the message is for
 * people, and `field` names the payload field it concerns, when main said so.
 */
export class BridgeError extends Error {
  override name = 'BridgeError';
  constructor(
    readonly ipcName: string,
    message: string,
    readonly field: string | null = null,
  ) {
    super(message);
  }
}

/** Calls main and unwraps `{ok, value}` / `{ok: false, error}` into a value or a BridgeError. */
export async function invokeBridge<C extends IpcInvokeChannel>(
  bridge: SwitchyardBridge,
  channel: C,
  payload: IpcRequest<C>,
): Promise<IpcResponse<C>> {
  const result: IpcResult<IpcResponse<C>> = await bridge.invoke(channel, payload);
  if (result.ok) return result.value;
  throw new BridgeError(result.error.name, result.error.message, result.error.field ?? null);
}
