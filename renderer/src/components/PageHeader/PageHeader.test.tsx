import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme';
import { PageHeader } from './PageHeader';

describe('PageHeader', () => {
  it('shows the title, description and actions', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <PageHeader
          title="Projects"
          description="All projects"
          actions={<button type="button">New</button>}
        />
      </MantineProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Projects' })).toBeTruthy();
    expect(screen.getByText('All projects')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New' })).toBeTruthy();
    expect(screen.queryByTestId('saved-copy-badge')).toBeNull();
  });

  it('marks a saved copy with its age', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    render(
      <MantineProvider theme={theme} env="test">
        <PageHeader title="Flags" fromCache savedAt={now - 3 * 3_600_000} now={now} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('saved-copy-badge').textContent).toBe('Saved copy · 3 hours ago');
  });
});
