import type { LoginEvent } from '../../../contract';

/** The CSV download of the login history (RFC 4180), columns as the console's table shows them. */

const HEADER = ['id', 'created_at', 'username', 'auth_type', 'ip', 'successful', 'failure_reason'];

/**
 * Quotes every cell; a cell a spreadsheet would read as a formula (typed usernames are attacker
 * controlled) gets a leading apostrophe (OWASP "CSV injection").
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvLine(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

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
