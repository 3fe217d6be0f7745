import { ApiError } from '../api/api-error';
import { BridgeError } from './bridge';
import type { Platform } from './platform';

/**
 * Registers a remote profile's server with the desktop app's main process, which must allow the
 * console to call it (CSP) and sign those requests with the profile's keychain token. Main's refusal
 * (plain http to another machine, a server another connection uses) becomes an error on the URL
 * field of the add-connection form. In a browser there is nothing to register.
 * Resolves to whether the console must reload before it can reach the server.
 */
export async function registerProfileServer(
  platform: Platform,
  profileId: string,
  serverUrl: string,
): Promise<boolean> {
  if (!platform.desktop) return false;
  try {
    return (await platform.desktop.registerServerOrigin(profileId, serverUrl)).reloadRequired;
  } catch (error) {
    if (!(error instanceof BridgeError)) throw error;
    throw new ApiError({
      status: 400,
      errorName: error.ipcName,
      message: error.message,
      details: error.field === 'origin' ? [{ path: '/body/url', message: error.message }] : [],
    });
  }
}
