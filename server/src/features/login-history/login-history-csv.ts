import type { LoginEvent } from '../../../contract';
import { csvLine } from '../../lib/csv';

/** The CSV download of the login history, columns as the console's table shows them. */

const HEADER = ['id', 'created_at', 'username', 'auth_type', 'ip', 'successful', 'failure_reason'];

export function loginHistoryCsv(events: readonly LoginEvent[]): string {
  return [
    csvLine(HEADER),
    ...events.map((event) =>
      csvLine([
        event.id,
        event.created_at,
        event.username,
        event.auth_type,
        event.ip,
        event.successful,
        event.failure_reason,
      ]),
    ),
  ].join('');
}
