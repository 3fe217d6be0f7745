import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { featureTypeServer } from '../../test-utils/fixtures';
import { renderWithConsole } from '../../test-utils/render';
import { FeatureTypesScreen } from './FeatureTypesScreen';

describe('feature types screen', () => {
  it('updates a lifetime', async () => {
    const { server, types } = featureTypeServer();
    await renderWithConsole(<FeatureTypesScreen />, { server });
    const input = await screen.findByLabelText('Lifetime of Release in days');
    expect((input as HTMLInputElement).value).toBe('40 days');
    fireEvent.change(input, { target: { value: '30' } });
    fireEvent.click(within(screen.getByTestId('feature-type-release')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(types[0]?.lifetimeDays).toBe(30));
    expect(server.calls('PUT', '/api/admin/feature-types/release/lifetime')[0]?.body).toEqual({
      lifetimeDays: 30,
    });
  });

  it('shows the server message under the field', async () => {
    const { server } = featureTypeServer();
    await renderWithConsole(<FeatureTypesScreen />, { server });
    const input = await screen.findByLabelText('Lifetime of Release in days');
    fireEvent.change(input, { target: { value: '5000' } });
    fireEvent.click(within(screen.getByTestId('feature-type-release')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The /body/lifetimeDays property must be <= 1000')).toBeTruthy();
  });

  it('treats an empty lifetime as never stale', async () => {
    const { server, types } = featureTypeServer();
    await renderWithConsole(<FeatureTypesScreen />, { server });
    const input = await screen.findByLabelText('Lifetime of Release in days');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(within(screen.getByTestId('feature-type-release')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(types[0]?.lifetimeDays).toBeNull());
    expect((screen.getByLabelText('Lifetime of Kill switch in days') as HTMLInputElement).placeholder).toBe(
      'never',
    );
  });

  it('keeps an offline edit as pending with the new value shown', async () => {
    const { server } = featureTypeServer();
    const { console: app } = await renderWithConsole(<FeatureTypesScreen />, { server });
    const input = await screen.findByLabelText('Lifetime of Release in days');
    server.offline = true;
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.click(within(screen.getByTestId('feature-type-release')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/your change is pending/)).toBeTruthy();
    const row = screen.getByTestId('feature-type-release');
    expect(within(row).getByTestId('pending-badge').textContent).toBe('Pending');
    expect((within(row).getByLabelText('Lifetime of Release in days') as HTMLInputElement).value).toBe(
      '12 days',
    );
    expect(app.store.getState().outbox).toHaveLength(1);
  });
});
