import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme';
import { JsonBlock } from './JsonBlock';

describe('JsonBlock', () => {
  it('shows values as indented JSON and nothing as "(none)"', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <JsonBlock label="After" value={{ enabled: true }} />
        <JsonBlock label="Before" value={null} />
      </MantineProvider>,
    );
    expect(screen.getByText('After')).toBeTruthy();
    expect(screen.getByText(/"enabled": true/).textContent).toBe('{\n  "enabled": true\n}');
    expect(screen.getByText('(none)')).toBeTruthy();
  });
});
