/** What import-export offers the other features; they import it only from here (STYLE.md rule 9). */

export type { TrustedKey } from './bundle-api';
export { bundleApi, shortFingerprint } from './bundle-api';
export { ExportDialog } from './ExportDialog';
export { ImportDialog } from './ImportDialog';
