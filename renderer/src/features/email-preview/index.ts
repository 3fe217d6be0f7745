/** What email-preview offers the other features; they import it only from here (STYLE.md rule 9). */
export { EmailPreviewTab } from './EmailPreviewTab';
