import { createContext, useContext } from 'react';

/**
 * Inside change-request mode, the environment whose draft takes the children's edits (issue 13).
 * features/change-requests provides it (`ChangeRequestRouting`); the flag page's sections
 * (strategies, release plans) read it to say where their edits go. It lives here, below
 * features/, so those sections need not import change-requests, whose pages show their changes.
 */
export const ChangeRequestModeContext = createContext<string | null>(null);

/** In change-request mode, the environment whose draft takes the edits: buttons say so. */
export function useChangeRequestMode(): string | null {
  return useContext(ChangeRequestModeContext);
}

/** What a section says once its edit went into the draft rather than onto the flag. */
export const draftedNotice = (environment: string) =>
  `Added to your change request in ${environment}: it takes effect once approved and applied.`;
