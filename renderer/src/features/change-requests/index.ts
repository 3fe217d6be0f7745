/** What change-requests offers the other features; they import it only from here (STYLE.md rule 9). */
export { ChangeRequestList } from './ChangeRequestList';
export {
  ChangeRequestModeNotice,
  ChangeRequestRouting,
  DraftCounter,
  FlagChangeRequests,
} from './ChangeRequestMode';
export { ChangeRequestPage } from './ChangeRequestPage';
export { ChangeRequestSettings } from './ChangeRequestSettings';
export {
  changeRequestKey,
  changeRequestOfPath,
  createChangeRequestApi,
  draftPath,
} from './change-request-api';
export { useFirstGovernedEnvironment } from './use-change-requests';
