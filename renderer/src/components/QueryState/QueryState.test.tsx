import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NetworkError } from '../../api/api-error';
import { theme } from '../../app/theme';
import { type QueryLike, QueryState } from './QueryState';

function show(query: Partial<QueryLike<string[]>>) {
  return render(
    <MantineProvider theme={theme} env="test">
      <QueryState<string[]>
        query={{ data: undefined, loading: false, error: null, ...query }}
        noun="things"
        isEmpty={(d) => d.length === 0}
      >
        {(data) => (
          <ul>
            {data.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        )}
      </QueryState>
    </MantineProvider>,
  );
}

describe('QueryState', () => {
  it('shows loading, then data', () => {
    const { rerender } = show({ loading: true });
    expect(screen.getByText('Loading things…')).toBeTruthy();
    rerender(
      <MantineProvider theme={theme} env="test">
        <QueryState<string[]> query={{ data: ['a'], loading: false, error: null }} noun="things">
          {(data) => <span>{data.join()}</span>}
        </QueryState>
      </MantineProvider>,
    );
    expect(screen.getByText('a')).toBeTruthy();
  });

  it('shows the empty message and the errors', () => {
    show({ data: [] });
    expect(screen.getByText('No things yet.')).toBeTruthy();
  });

  it('shows a load error without data, and a refresh error above data', () => {
    show({ error: new NetworkError('down') });
    expect(screen.getByText('Could not load things')).toBeTruthy();
    show({ data: ['kept'], error: new Error('boom') });
    expect(screen.getByText('Could not refresh things')).toBeTruthy();
    expect(screen.getByText('kept')).toBeTruthy();
  });
});
