import { Badge, Button, Group, SegmentedControl, Switch, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ServerLogLine } from '../../../../server/contract/ipc';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import type { DesktopShell } from '../../platform/platform';
import { DesktopOnly } from './DesktopOnly';
import classes from './desktop.module.css';
import { useDesktopShell } from './use-desktop';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const LEVEL_RANK: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** Lines kept in the view; main's ring buffer holds the older ones. */
export const LOG_VIEW_LIMIT = 2000;

export interface ParsedLogLine {
  seq: number;
  at: string;
  level: LogLevel;
  message: string;
  /** The whole line, for the text filter (a match may sit in a field, not the message). */
  text: string;
}

/** pino's numeric levels (trace 10 … fatal 60). */
function levelOfNumber(level: number): LogLevel {
  if (level >= 50) return 'error';
  if (level >= 40) return 'warn';
  if (level >= 30) return 'info';
  return 'debug';
}

/**
 * The server logs pino JSON; main's own lines and anything a crashing process prints are plain text,
 * for which stderr counts as an error.
 */
export function parseLogLine(line: ServerLogLine): ParsedLogLine {
  const plain = { seq: line.seq, at: line.at, text: line.text };
  if (line.text.startsWith('{')) {
    try {
      const record = JSON.parse(line.text) as { level?: unknown; msg?: unknown; err?: { message?: unknown } };
      if (typeof record.level === 'number') {
        const message = typeof record.msg === 'string' ? record.msg : '';
        const error = typeof record.err?.message === 'string' ? record.err.message : '';
        return {
          ...plain,
          level: levelOfNumber(record.level),
          message: [message, error].filter(Boolean).join(': ') || line.text,
        };
      }
    } catch {
      // Not JSON after all: shown as written.
    }
  }
  return { ...plain, level: line.stream === 'stderr' ? 'error' : 'info', message: line.text };
}

export function filterLogLines(
  lines: readonly ParsedLogLine[],
  minimum: LogLevel,
  text: string,
): ParsedLogLine[] {
  const needle = text.trim().toLowerCase();
  return lines.filter(
    (line) =>
      LEVEL_RANK[line.level] >= LEVEL_RANK[minimum] &&
      (needle === '' || line.text.toLowerCase().includes(needle)),
  );
}

/** Pushed lines and fetched ones can arrive in either order; seq puts them back in place once each. */
function mergeLines(current: ParsedLogLine[], incoming: readonly ServerLogLine[]): ParsedLogLine[] {
  const known = new Set(current.map((line) => line.seq));
  const fresh = incoming.filter((line) => !known.has(line.seq)).map(parseLogLine);
  if (fresh.length === 0) return current;
  return [...current, ...fresh].sort((a, b) => a.seq - b.seq).slice(-LOG_VIEW_LIMIT);
}

function timeOf(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : date.toLocaleTimeString();
}

/** The lines read from main: fetched on demand, and pushed one by one while following. */
function useServerLogLines(shell: DesktopShell, follow: boolean) {
  const [lines, setLines] = useState<ParsedLogLine[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const lastSeq = useRef(0);
  lastSeq.current = lines.at(-1)?.seq ?? 0;

  const fetchNewer = useCallback(async () => {
    setError(null);
    try {
      const afterSeq = lastSeq.current;
      const fetched = await shell.serverLogs(
        afterSeq === 0 ? { limit: LOG_VIEW_LIMIT } : { afterSeq, limit: LOG_VIEW_LIMIT },
      );
      setLines((current) => mergeLines(current, fetched));
    } catch (caught) {
      setError(caught);
    } finally {
      setLoading(false);
    }
  }, [shell]);

  // Following: catch up on what was missed, then take each line main pushes.
  useEffect(() => {
    if (!follow) return;
    const stop = shell.onServerLog((line) => setLines((current) => mergeLines(current, [line])));
    void fetchNewer();
    return stop;
  }, [shell, follow, fetchNewer]);

  return { lines, error, loading, fetchNewer };
}

function LogLines({
  lines,
  shown,
  loading,
}: {
  lines: readonly ParsedLogLine[];
  shown: readonly ParsedLogLine[];
  loading: boolean;
}) {
  if (loading && lines.length === 0) return <Text c="dimmed">Loading the server logs…</Text>;
  if (shown.length === 0) {
    return (
      <Text c="dimmed">
        {lines.length === 0 ? 'The server has not logged anything yet.' : 'No line matches the filter.'}
      </Text>
    );
  }
  return (
    <div className={classes.logs} role="log" aria-label="Server log lines">
      {shown.map((line) => (
        <div key={line.seq} className={classes.logLine} data-level={line.level} title={line.text}>
          <span>{timeOf(line.at)}</span>
          <Badge
            size="xs"
            variant="light"
            color={line.level === 'error' ? 'red' : line.level === 'warn' ? 'orange' : 'gray'}
          >
            {line.level}
          </Badge>
          <span>{line.message}</span>
        </div>
      ))}
    </div>
  );
}

function ServerLogs({ shell }: { shell: DesktopShell }) {
  const [follow, setFollow] = useState(true);
  const [minimum, setMinimum] = useState<LogLevel>('info');
  const [text, setText] = useState('');
  const { lines, error, loading, fetchNewer } = useServerLogLines(shell, follow);
  const shown = useMemo(() => filterLogLines(lines, minimum, text), [lines, minimum, text]);

  return (
    <>
      <PageHeader
        title="Server logs"
        description="The most recent lines of the embedded server and of the app that hosts it. Tokens and passwords are masked."
        actions={
          <Button variant="light" size="xs" onClick={() => void fetchNewer()} disabled={follow}>
            Refresh
          </Button>
        }
      />
      <Group mb="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="Lowest level shown"
          value={minimum}
          onChange={(value) => setMinimum(value as LogLevel)}
          data={[
            { value: 'debug', label: 'All' },
            { value: 'info', label: 'Info' },
            { value: 'warn', label: 'Warnings' },
            { value: 'error', label: 'Errors' },
          ]}
        />
        <TextInput
          aria-label="Filter log lines"
          placeholder="Filter by text"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Switch
          label="Follow new lines"
          checked={follow}
          onChange={(e) => setFollow(e.currentTarget.checked)}
        />
        <Text size="sm" c="dimmed" data-testid="log-count">
          {shown.length} of {lines.length} lines
        </Text>
      </Group>
      {error ? (
        <ErrorNotice error={error} title="Could not read the server logs" onRetry={() => void fetchNewer()} />
      ) : null}
      <LogLines lines={lines} shown={shown} loading={loading} />
    </>
  );
}

export function ServerLogsScreen() {
  const shell = useDesktopShell();
  if (!shell) return <DesktopOnly title="Server logs" what="The embedded server's logs" />;
  return <ServerLogs shell={shell} />;
}
