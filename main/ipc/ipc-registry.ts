import { Value } from 'typebox/value';
import {
  IPC_INVOKE_CHANNELS,
  type IpcInvokeChannel,
  type IpcRequest,
  type IpcResponse,
  type IpcResult,
  isIpcInvokeChannel,
} from '../../server/contract';
import { INTERNAL_ERROR, type SafeIpcError, toIpcError } from './ipc-errors';
import { describeSchemaErrors } from './schema-errors';

/** The part of an invoke event main needs: which frame sent it. Electron's IpcMainInvokeEvent fits. */
export interface InvokeSender {
  readonly senderFrame: { readonly url: string; readonly parent: unknown } | null;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeSender, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

export type IpcHandlers = {
  [C in IpcInvokeChannel]: (payload: IpcRequest<C>) => Promise<IpcResponse<C>> | IpcResponse<C>;
};

export interface IpcDispatchOptions {
  /** Origin of the console, e.g. `http://127.0.0.1:4242`; no other page may call main. */
  appOrigin: string;
  handlers: IpcHandlers;
  log?: (message: string, error?: unknown) => void;
}

function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    // Opaque origins (data:, file:, about:) all serialise to "null" and would match each other.
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

function fail(name: SafeIpcError['name'], message: string): IpcResult<never> {
  return { ok: false, error: { name, message } };
}

/** Checks that a sender may call main at all: a live top-level frame showing the app origin. */
export function checkSender(event: InvokeSender, appOrigin: string): string | null {
  const frame = event.senderFrame;
  if (frame === null) return 'The sending frame is gone.';
  if (frame.parent !== null) return 'Only the top-level console frame may call the main process.';
  if (originOf(frame.url) !== appOrigin) return 'The sending page is not the Switchyard console.';
  return null;
}

/**
 * Validates and runs one invoke. Returns a result envelope instead of throwing, so
 * the renderer never sees Electron's wrapped error text.
 */
export async function dispatchInvoke(
  channel: string,
  event: InvokeSender,
  args: readonly unknown[],
  options: IpcDispatchOptions,
): Promise<IpcResult<unknown>> {
  // The sender first: a page that is not the console learns nothing, not even which channels exist.
  const senderProblem = checkSender(event, options.appOrigin);
  if (senderProblem !== null) {
    options.log?.(`refused ${channel.slice(0, 100)}: ${senderProblem}`);
    return fail('ForbiddenSenderError', senderProblem);
  }
  if (!isIpcInvokeChannel(channel)) {
    return fail('UnknownChannelError', `Channel "${channel.slice(0, 100)}" is not declared.`);
  }
  const { request, response } = IPC_INVOKE_CHANNELS[channel];
  if (args.length !== 1) {
    return fail('ValidationError', `Channel ${channel} takes exactly one payload argument.`);
  }
  const payload = args[0];
  if (!Value.Check(request, payload)) {
    return fail(
      'ValidationError',
      `Invalid payload for ${channel}: ${describeSchemaErrors(request, payload)}`,
    );
  }
  try {
    const handler = options.handlers[channel] as (payload: unknown) => unknown;
    const value = await handler(payload);
    // Closed response schemas: a field nobody declared (say, a token) never leaves main.
    if (!Value.Check(response, value)) {
      options.log?.(
        `handler for ${channel} returned an undeclared shape: ${describeSchemaErrors(response, value)}`,
      );
      return { ok: false, error: INTERNAL_ERROR };
    }
    return { ok: true, value };
  } catch (error) {
    options.log?.(`handler for ${channel} failed`, error);
    return { ok: false, error: toIpcError(error) };
  }
}

/** Registers one handler per declared channel; returns a function that removes them. */
export function registerIpcHandlers(ipcMain: IpcMainLike, options: IpcDispatchOptions): () => void {
  const channels = Object.keys(IPC_INVOKE_CHANNELS);
  for (const channel of channels) {
    ipcMain.handle(channel, (event, ...args) => dispatchInvoke(channel, event, args, options));
  }
  return () => {
    for (const channel of channels) ipcMain.removeHandler(channel);
  };
}
