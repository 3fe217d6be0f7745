/** CSV (RFC 4180) for downloads: every cell quoted, CRLF line ends. */

export type CsvValue = string | number | boolean | null | undefined;

/**
 * Quotes a cell; one a spreadsheet would read as a formula (names and usernames come from
 * outside) gets a leading apostrophe (OWASP "CSV injection").
 */
export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvLine(cells: readonly CsvValue[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
