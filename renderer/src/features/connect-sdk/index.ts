/** What connect-sdk offers the other features; they import it only from here (STYLE.md rule 9). */
export { ConnectSdkGuide } from './ConnectSdkGuide';
export { EmptyProjectStart } from './EmptyProjectStart';
