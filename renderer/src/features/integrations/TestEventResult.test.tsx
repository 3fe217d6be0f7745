import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme';
import { TestEventResult } from './TestEventResult';

function show(result: Parameters<typeof TestEventResult>[0]['result']) {
  render(
    <MantineProvider theme={theme} env="test">
      <TestEventResult result={result} />
    </MantineProvider>,
  );
  return screen.getByTestId('test-event-result');
}

describe('test event result', () => {
  it("shows a delivered event's status, duration and the receiver's body", () => {
    const panel = show({ ok: true, statusCode: 200, responseBody: 'thanks', error: null, durationMs: 17 });
    expect(panel.getAttribute('role')).toBe('status');
    expect(panel.textContent).toContain('Delivered: the receiver answered 200');
    expect(panel.textContent).toContain('Took: 17 ms');
    expect(screen.getByTestId('test-event-response-body').textContent).toBe('thanks');
  });

  it('shows a refused event with its status code and error', () => {
    const panel = show({
      ok: false,
      statusCode: 500,
      responseBody: null,
      error: 'The receiver answered 500',
      durationMs: 8,
    });
    expect(panel.textContent).toContain('Not delivered: the receiver answered 500');
    expect(panel.textContent).toContain('Error: The receiver answered 500');
    expect(panel.textContent).toContain('The receiver sent no body.');
  });

  it('shows an unreachable receiver without a status code', () => {
    const panel = show({
      ok: false,
      statusCode: null,
      responseBody: null,
      error: 'ECONNREFUSED',
      durationMs: 3,
    });
    expect(panel.textContent).toContain('Not delivered: the receiver could not be reached');
    expect(panel.textContent).toContain('Status code: —');
  });
});
