import { Button, MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme';
import type { SubmitResult } from '../../stores/console-store';
import { EditNotices, useEditNotices } from './EditNotices';

function Screen({ result }: { result: SubmitResult | null }) {
  const notices = useEditNotices();
  return (
    <>
      <EditNotices notices={notices} />
      <Button onClick={() => notices.afterEdit(result, 'Tag type team saved.')}>Save</Button>
    </>
  );
}

const renderScreen = (result: SubmitResult | null) =>
  render(
    <MantineProvider theme={theme} env="test">
      <Screen result={result} />
    </MantineProvider>,
  );

describe('EditNotices', () => {
  it('says what the server took, until it is closed', () => {
    renderScreen('applied');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Tag type team saved.')).toBeTruthy();
    expect(screen.queryByText(/your change is pending/)).toBeNull();
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button'));
    expect(screen.queryByText('Tag type team saved.')).toBeNull();
  });

  it('says an edit is pending when it went to the outbox', () => {
    renderScreen('queued');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(/your change is pending/)).toBeTruthy();
    expect(screen.queryByText('Tag type team saved.')).toBeNull();
  });

  it('shows nothing after a cancelled edit', () => {
    renderScreen(null);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/pending/)).toBeNull();
  });
});
