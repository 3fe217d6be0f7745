import { UI_ERROR_MESSAGE_MAX, UI_ERROR_STACK_MAX, UI_ERRORS_KEPT, type UiError } from '../../../contract';
import type { Db } from '../../db/database';
import { uiErrorStore } from './ui-error-store';

/** Long text is cut, not refused: the report of a crash must get through. */
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Keeps a console error report; only the newest UI_ERRORS_KEPT stay. */
export async function recordUiError(
  db: Db,
  report: { errorMessage: string; errorStack?: string | undefined },
  userId: number | null,
): Promise<void> {
  await uiErrorStore.record(
    db,
    {
      errorMessage: cut(report.errorMessage, UI_ERROR_MESSAGE_MAX),
      errorStack: report.errorStack === undefined ? null : cut(report.errorStack, UI_ERROR_STACK_MAX),
      userId,
    },
    UI_ERRORS_KEPT,
  );
}

/** The kept reports, newest first. */
export const newestUiErrors = (db: Db): Promise<UiError[]> => uiErrorStore.newest(db, UI_ERRORS_KEPT);
