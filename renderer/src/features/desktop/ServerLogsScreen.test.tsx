import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ServerLogLine } from '../../../../server/contract/ipc';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { createFakeBridge } from './fake-bridge';
import { filterLogLines, parseLogLine, ServerLogsScreen } from './ServerLogsScreen';

function pino(seq: number, level: number, msg: string): ServerLogLine {
  return {
    seq,
    at: '2026-11-22T10:00:00.000Z',
    stream: 'stdout',
    text: JSON.stringify({ level, time: 1, service: 'switchyard', msg }),
  };
}

const LINES: ServerLogLine[] = [
  pino(1, 30, 'server listening'),
  pino(2, 20, 'compiled route validators'),
  pino(3, 40, 'slow query on features'),
  { seq: 4, at: '2026-11-22T10:00:01.000Z', stream: 'stderr', text: 'Error: ECONNREFUSED 127.0.0.1:5432' },
  {
    seq: 5,
    at: '2026-11-22T10:00:02.000Z',
    stream: 'host',
    text: 'server is healthy at http://127.0.0.1:4242',
  },
];

function setup(lines: ServerLogLine[] = LINES) {
  const server = createFakeServer();
  const fake = createFakeBridge(server).answer('switchyard:server:logs', ({ afterSeq }) => ({
    lines: lines.filter((line) => line.seq > (afterSeq ?? 0)),
  }));
  return { server, fake };
}

function shownMessages(): string[] {
  const log = screen.getByRole('log', { name: 'Server log lines' });
  return [...log.children].map((row) => row.lastElementChild?.textContent ?? '');
}

describe('server logs screen', () => {
  it('shows recent lines from info up by default and follows new ones pushed by main', async () => {
    const { server, fake } = setup();
    await renderWithConsole(<ServerLogsScreen />, { server, platform: fake.platform });
    await screen.findByRole('log', { name: 'Server log lines' });
    expect(fake.callsTo('switchyard:server:logs')).toEqual([{ limit: 2000 }]);
    expect(shownMessages()).toEqual([
      'server listening',
      'slow query on features',
      'Error: ECONNREFUSED 127.0.0.1:5432',
      'server is healthy at http://127.0.0.1:4242',
    ]);

    fake.emit('switchyard:server:log', pino(6, 50, 'database connection lost'));
    fake.emit('switchyard:server:log', pino(6, 50, 'database connection lost'));
    await waitFor(() => expect(shownMessages().at(-1)).toBe('database connection lost'));
    expect(shownMessages()).toHaveLength(5);
    expect(screen.getByTestId('log-count').textContent).toBe('5 of 6 lines');
  });

  it('filters by level and by text', async () => {
    const { server, fake } = setup();
    await renderWithConsole(<ServerLogsScreen />, { server, platform: fake.platform });
    await screen.findByRole('log', { name: 'Server log lines' });

    fireEvent.click(screen.getByRole('radio', { name: 'Warnings' }));
    expect(shownMessages()).toEqual(['slow query on features', 'Error: ECONNREFUSED 127.0.0.1:5432']);
    fireEvent.click(screen.getByRole('radio', { name: 'All' }));
    expect(shownMessages()).toHaveLength(5);

    fireEvent.change(screen.getByRole('textbox', { name: 'Filter log lines' }), {
      target: { value: 'SWITCHYARD' },
    });
    // The text filter searches whole lines, so fields outside the message match too.
    expect(shownMessages()).toEqual([
      'server listening',
      'compiled route validators',
      'slow query on features',
    ]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter log lines' }), {
      target: { value: 'nothing like it' },
    });
    expect(screen.getByText('No line matches the filter.')).toBeTruthy();
  });

  it('stops following when paused and catches up from the last line when resumed', async () => {
    const { server, fake } = setup();
    await renderWithConsole(<ServerLogsScreen />, { server, platform: fake.platform });
    await screen.findByRole('log', { name: 'Server log lines' });
    expect(fake.listenerCount('switchyard:server:log')).toBe(1);

    fireEvent.click(screen.getByRole('switch', { name: 'Follow new lines' }));
    await waitFor(() => expect(fake.listenerCount('switchyard:server:log')).toBe(0));
    fireEvent.click(screen.getByRole('switch', { name: 'Follow new lines' }));
    await waitFor(() =>
      expect(fake.callsTo('switchyard:server:logs').at(-1)).toEqual({ afterSeq: 5, limit: 2000 }),
    );
    expect(fake.listenerCount('switchyard:server:log')).toBe(1);
  });

  it('shows why the logs could not be read', async () => {
    const server = createFakeServer();
    const fake = createFakeBridge(server);
    await renderWithConsole(<ServerLogsScreen />, { server, platform: fake.platform });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not read the server logs')).toBeTruthy();
  });

  it('explains in a browser that the screen belongs to the desktop app', async () => {
    await renderWithConsole(<ServerLogsScreen />);
    expect(await screen.findByTestId('desktop-only')).toBeTruthy();
  });
});

describe('log line parsing', () => {
  it('reads pino levels and messages, and treats plain stderr as errors', () => {
    expect(parseLogLine(pino(1, 60, 'fatal'))).toMatchObject({ level: 'error', message: 'fatal' });
    expect(
      parseLogLine({
        seq: 2,
        at: '',
        stream: 'stdout',
        text: JSON.stringify({ level: 50, msg: 'request failed', err: { message: 'boom' } }),
      }),
    ).toMatchObject({ level: 'error', message: 'request failed: boom' });
    expect(parseLogLine({ seq: 3, at: '', stream: 'stdout', text: '{not json' })).toMatchObject({
      level: 'info',
      message: '{not json',
    });
    const parsed = LINES.map(parseLogLine);
    expect(filterLogLines(parsed, 'error', '').map((line) => line.seq)).toEqual([4]);
  });
});
