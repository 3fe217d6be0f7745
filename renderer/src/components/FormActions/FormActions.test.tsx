import { MantineProvider, TextInput } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme';
import { FormActions } from './FormActions';
import { useFormSubmit } from './use-form-submit';

function NameForm({ send, onCancel }: { send: (name: string) => Promise<void>; onCancel: () => void }) {
  const form = useFormSubmit();
  return (
    <form onSubmit={(event) => form.submit(event, false, () => send('checkout'))} noValidate>
      <TextInput label="Name" error={form.error instanceof Error ? form.error.message : undefined} />
      <FormActions submitLabel="Create thing" submitting={form.submitting} onCancel={onCancel} />
    </form>
  );
}

function BlockedForm({ send }: { send: () => Promise<void> }) {
  const form = useFormSubmit();
  return (
    <form onSubmit={(event) => form.submit(event, true, send)} noValidate>
      {form.showErrors ? <p>Fix the name first</p> : null}
      <FormActions submitLabel="Create thing" submitting={form.submitting} onCancel={() => {}} />
    </form>
  );
}

const wrap = (node: React.ReactNode) =>
  render(
    <MantineProvider theme={theme} env="test">
      {node}
    </MantineProvider>,
  );

describe('FormActions with useFormSubmit', () => {
  it('sends once, shows the pending state and keeps the failure for the form', async () => {
    let fail: (error: Error) => void = () => {};
    const send = vi.fn(() => new Promise<void>((_, reject) => (fail = reject)));
    wrap(<NameForm send={send} onCancel={() => {}} />);
    const submit = screen.getByRole('button', { name: 'Create thing' });
    fireEvent.click(submit);
    await waitFor(() => expect(submit.hasAttribute('data-loading')).toBe(true));
    expect(send).toHaveBeenCalledWith('checkout');
    fail(new Error('The name is taken'));
    expect(await screen.findByText('The name is taken')).toBeTruthy();
    expect(submit.hasAttribute('data-loading')).toBe(false);
  });

  it('does not send while the form blocks it, but starts showing its checks', () => {
    const send = vi.fn(async () => {});
    wrap(<BlockedForm send={send} />);
    expect(screen.queryByText('Fix the name first')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create thing' }));
    expect(screen.getByText('Fix the name first')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it('cancels without submitting', () => {
    const onCancel = vi.fn();
    const send = vi.fn(async () => {});
    wrap(<NameForm send={send} onCancel={onCancel} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });
});
