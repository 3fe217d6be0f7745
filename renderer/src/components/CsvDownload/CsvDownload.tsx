import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import type { AdminApi } from '../../api/admin-api';
import { useConsole } from '../../stores/console-context';

/** Hands `text` to the browser (or Electron's save dialog) as a file named `filename`. */
export function saveTextFile(filename: string, text: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: the browser has the data by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export interface CsvDownloadProps {
  label: string;
  filename: string;
  /** Reads the CSV from the server (the admin API answers text/csv). */
  load: (api: AdminApi) => Promise<string>;
}

/** A button that fetches a CSV export and saves it, saying how it went. */
export function CsvDownload({ label, filename, load }: CsvDownloadProps) {
  const consoleApi = useConsole();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  return (
    <>
      <Button
        variant="default"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          setStatus(null);
          try {
            const csv = await load(consoleApi.api());
            saveTextFile(filename, csv);
            const rows = Math.max(0, csv.split('\r\n').filter(Boolean).length - 1);
            setStatus(`Saved ${filename} (${rows} ${rows === 1 ? 'row' : 'rows'}).`);
          } catch (error) {
            setStatus(`Could not download: ${error instanceof Error ? error.message : String(error)}`);
          } finally {
            setBusy(false);
          }
        }}
      >
        {label}
      </Button>
      {status ? (
        <Text size="sm" role="status">
          {status}
        </Text>
      ) : null}
    </>
  );
}
