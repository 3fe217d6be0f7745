import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { BlastRadiusPanel } from './BlastRadiusPanel';
import { BlastRadiusSettingsScreen } from './BlastRadiusSettingsScreen';
import type { BlastRadiusPreview } from './blast-radius-api';
import { parseFieldNames, previewPath, share, strategyProposal } from './blast-radius-api';

const PATH = previewPath('default', 'checkout', 'production');
const preview: BlastRadiusPreview = {
  sampled: 400,
  evaluated: 400,
  offToOn: 120,
  onToOff: 0,
  unchanged: 280,
  enabledBefore: 80,
  enabledAfter: 200,
  reasons: [{ kind: 'rollout', label: 'flexibleRollout: rollout or parameters', offToOn: 120, onToOff: 0 }],
  examples: [{ change: 'offToOn', context: { userId: 'hmac:1234abcd…', properties: { country: 'NO' } } }],
  samplingEnabled: true,
};
const rollout = (percent: string) =>
  strategyProposal('st-1', { name: 'flexibleRollout', parameters: { rollout: percent } });

describe('blast-radius helpers', () => {
  it('builds proposals, shares and field lists', () => {
    expect(strategyProposal(null, { name: 'default' })).toEqual({
      kind: 'strategy-add',
      strategy: { name: 'default' },
    });
    expect(rollout('5')).toMatchObject({ kind: 'strategy-update', strategyId: 'st-1' });
    expect(share(120, 400)).toBe('120 (30%)');
    expect(share(3, 400)).toBe('3 (0.8%)');
    expect(parseFieldNames(' userId\nemail, userId,,')).toEqual(['userId', 'email']);
  });
});

/** The panel with a button that replaces the proposal, as typing in the form does. */
function Harness({ proposals }: { proposals: ReadonlyArray<ReturnType<typeof rollout> | null> }) {
  const [index, setIndex] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setIndex((i) => i + 1)}>
        next
      </button>
      <BlastRadiusPanel
        project="default"
        flagName="checkout"
        environment="production"
        proposal={proposals[index] ?? null}
      />
    </>
  );
}

describe('BlastRadiusPanel', () => {
  it('asks once edits pause and shows the flips, their reasons and masked examples', async () => {
    const server = createFakeServer().on('POST', PATH, () => ({ body: preview }));
    await renderWithConsole(<Harness proposals={[rollout('40'), rollout('60')]} />, { server });
    const summary = await screen.findByTestId('blast-radius-summary', {}, { timeout: 3000 });
    expect(summary.textContent).toBe(
      'Of 400 recently seen contexts, 120 (30%) would turn on and 0 would turn off; 280 unchanged (80 on now, 200 after).',
    );
    expect(screen.getByText('flexibleRollout: rollout or parameters')).toBeTruthy();
    fireEvent.click(screen.getByText('Example contexts (sensitive fields hashed)'));
    expect(screen.getByText(/hmac:1234abcd…/)).toBeTruthy();
    expect(server.calls('POST', PATH).map((call) => call.body)).toEqual([rollout('40')]);

    fireEvent.click(screen.getByRole('button', { name: 'next' }));
    await waitFor(() => expect(server.calls('POST', PATH)).toHaveLength(2), { timeout: 3000 });
    expect(server.calls('POST', PATH)[1]?.body).toEqual(rollout('60'));
  });

  it('says when sampling is off, and shows nothing without a proposal', async () => {
    const server = createFakeServer().on('POST', PATH, () => ({
      body: { ...preview, samplingEnabled: false, evaluated: 0, sampled: 0, offToOn: 0, unchanged: 0 },
    }));
    await renderWithConsole(<Harness proposals={[rollout('40'), null]} />, { server });
    expect(await screen.findByText(/Context sampling is off/, {}, { timeout: 3000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'next' }));
    expect(screen.queryByRole('region', { name: 'Blast radius' })).toBeNull();
  });
});

describe('BlastRadiusSettingsScreen', () => {
  it('shows and saves the sampling settings', async () => {
    let settings = {
      enabled: true,
      retentionDays: 7,
      sensitiveFields: ['userId', 'sessionId'],
      sensitiveMode: 'hash',
    };
    const server = createFakeServer()
      .on('GET', '/api/admin/blast-radius/settings', () => ({
        body: {
          settings,
          sampled: [{ environment: 'production', contexts: 42 }],
          maxContextsPerEnvironment: 10000,
        },
      }))
      .on('PUT', '/api/admin/blast-radius/settings', (request) => {
        settings = request.body as typeof settings;
        return { body: { settings, sampled: [], maxContextsPerEnvironment: 10000 } };
      });
    await renderWithConsole(<BlastRadiusSettingsScreen />, { server });
    const fields = (await screen.findByLabelText('Sensitive context fields')) as HTMLTextAreaElement;
    expect(fields.value).toBe('userId\nsessionId');
    expect(screen.getByText('42')).toBeTruthy();
    fireEvent.change(fields, { target: { value: 'userId\nemail' } });
    fireEvent.change(screen.getByLabelText('Retention (days)'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(server.calls('PUT', '/api/admin/blast-radius/settings')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Retention (days)'), { target: { value: '3' } });
    fireEvent.click(screen.getByLabelText('Sample contexts the frontend API evaluates'));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
    expect(server.calls('PUT', '/api/admin/blast-radius/settings')[0]?.body).toEqual({
      enabled: false,
      retentionDays: 3,
      sensitiveFields: ['userId', 'email'],
      sensitiveMode: 'hash',
    });
  });
});
