import type { IpcError, IpcErrorName } from '../../server/contract';

/**
 * An error whose name and message were written for the renderer to see. Anything
 * else thrown in main becomes a generic InternalError, because library errors may
 * quote tokens, paths or URLs with credentials.
 */
export class SafeIpcError extends Error {
  override readonly name: IpcErrorName;
  /** The payload field the error concerns, so the console can show the message beside it. */
  readonly field: string | undefined;

  constructor(name: IpcErrorName, message: string, options?: ErrorOptions & { field?: string }) {
    super(message, options);
    this.name = name;
    this.field = options?.field;
  }
}

export const INTERNAL_ERROR: IpcError = {
  name: 'InternalError',
  message: 'The main process could not complete the request; details are in its log.',
};

export function toIpcError(error: unknown): IpcError {
  if (error instanceof SafeIpcError) {
    return error.field === undefined
      ? { name: error.name, message: error.message }
      : { name: error.name, message: error.message, field: error.field };
  }
  return INTERNAL_ERROR;
}
