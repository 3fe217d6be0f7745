import type { ServerLogLine, ServerLogsRequest } from '../../server/contract';
import { RingBuffer } from './log-ring-buffer';
import { redactLogLine } from './redact-log-line';

/** The hosted server's output and the host's own notes, redacted, clipped and kept in a ring buffer. */
export interface ServerLog {
  append(stream: ServerLogLine['stream'], text: string): void;
  /** Splits a child's stdout or stderr into lines and appends each. */
  pipe(stream: NodeJS.ReadableStream | null, name: 'stdout' | 'stderr'): void;
  lines(request?: ServerLogsRequest): ServerLogLine[];
  onLine(listener: (line: ServerLogLine) => void): () => void;
}

export function createServerLog(options: {
  capacity: number;
  maxLineLength: number;
  now: () => number;
}): ServerLog {
  const { maxLineLength } = options;
  const buffer = new RingBuffer<ServerLogLine>(options.capacity);
  const listeners = new Set<(line: ServerLogLine) => void>();
  let seq = 0;

  function append(stream: ServerLogLine['stream'], text: string): void {
    const clipped = text.length > maxLineLength ? `${text.slice(0, maxLineLength)}…` : text;
    seq += 1;
    const line: ServerLogLine = {
      seq,
      at: new Date(options.now()).toISOString(),
      stream,
      text: redactLogLine(clipped),
    };
    buffer.push(line);
    for (const listener of listeners) listener(line);
  }

  function pipe(stream: NodeJS.ReadableStream | null, name: 'stdout' | 'stderr'): void {
    if (stream === null) return;
    stream.setEncoding('utf8');
    let partial = '';
    stream.on('data', (chunk: string | Buffer) => {
      const lines = (partial + chunk.toString()).split(/\r?\n/);
      partial = lines.pop() ?? '';
      // A line with no newline for this long is flushed rather than buffered without bound.
      if (partial.length > maxLineLength) {
        lines.push(partial);
        partial = '';
      }
      for (const line of lines) if (line !== '') append(name, line);
    });
    stream.on('end', () => {
      if (partial !== '') append(name, partial);
      partial = '';
    });
  }

  function lines(request: ServerLogsRequest = {}): ServerLogLine[] {
    const after = request.afterSeq ?? 0;
    const kept = buffer.toArray().filter((line) => line.seq > after);
    const limit = request.limit ?? kept.length;
    return kept.slice(Math.max(0, kept.length - limit));
  }

  function onLine(listener: (line: ServerLogLine) => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  return { append, pipe, lines, onLine };
}
