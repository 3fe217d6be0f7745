import type {
  ExportQuery,
  ExportResult,
  ImportResult,
  ImportToggles,
  ImportValidate,
} from '../../../../server/contract';
import type { ApiClient } from '../../api/client';
import { saveTextFile } from '../../components/CsvDownload/CsvDownload';
import { type Bundle, isBundle } from './bundle-api';

/**
 * Unleash's features-batch operations (issue 18), as the export and import dialogs use them.
 * Both ask for Switchyard's extensions (server/src/features/import-export/README.md): the export's
 * strategy sortOrder keeps the strategies' order on re-import (Unleash accepts it too), the
 * validate answer's summary is the diff the dialog shows before importing, and the import's is
 * what it did (Unleash's import answers an empty 200).
 */

export type { ExportQuery, ExportResult, ImportResult, ImportValidate };

export const exportFlags = (client: ApiClient, query: ExportQuery) =>
  client.post<ExportResult>('/api/admin/features-batch/export?extensions=true', query);

export const validateImport = (client: ApiClient, body: ImportToggles) =>
  client.post<ImportValidate>('/api/admin/features-batch/validate?extensions=true', body);

export const importFlags = (client: ApiClient, body: ImportToggles) =>
  client.post<ImportResult>('/api/admin/features-batch/import?extensions=true', body);

/** The file name of an export: project or tag, environment and date. */
export function exportFileName(label: string, environment: string, now: Date): string {
  const safe = (text: string) => text.replace(/[^A-Za-z0-9_.-]+/g, '-');
  return `switchyard-export-${safe(label)}-${safe(environment)}-${now.toISOString().slice(0, 10)}.json`;
}

/** Saves JSON as a file the browser (or the desktop window) downloads. */
export function downloadJson(fileName: string, value: unknown): void {
  saveTextFile(fileName, JSON.stringify(value, null, 2), 'application/json');
}

/**
 * Reads an export file or a signed bundle (its export file, and the bundle to verify and apply);
 * answers the problem in words when it is neither.
 */
export function parseExportFile(text: string): { file: ExportResult; bundle?: Bundle } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'The file is not JSON.' };
  }
  if (isBundle(value)) return { file: value.export, bundle: value };
  const file = value as Partial<ExportResult> | null;
  if (
    !file ||
    typeof file !== 'object' ||
    !Array.isArray(file.features) ||
    !Array.isArray(file.featureStrategies)
  ) {
    return { problem: 'The file is not a flag export: it has no "features" and "featureStrategies" lists.' };
  }
  return { file: { ...file, tagTypes: file.tagTypes ?? [] } as ExportResult };
}
