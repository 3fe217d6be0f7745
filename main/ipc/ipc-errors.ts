import type { IpcError, IpcErrorName } from '../../server/contract';

/**
 * An error whose name and message were written for the renderer to see. Anything
 * else thrown in main becomes a generic InternalError, because library errors may
 * quote tokens, paths or URLs with credentials.
 */
export class SafeIpcError extends Error {
  override readonly name: IpcErrorName;

  constructor(name: IpcErrorName, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = name;
  }
}

export const INTERNAL_ERROR: IpcError = {
  name: 'InternalError',
  message: 'The main process could not complete the request; details are in its log.',
};

export function toIpcError(error: unknown): IpcError {
  if (error instanceof SafeIpcError) return { name: error.name, message: error.message };
  return INTERNAL_ERROR;
}
