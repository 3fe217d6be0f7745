import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { unleashError } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { ChangeRequestRouting } from '../change-requests/ChangeRequestMode';
import { FlagReleasePlan } from './FlagReleasePlan';
import { PLANS, plan, planServer, safeguardOf } from './release-plan-test-server';
import type { CreateSafeguard } from './release-plans-api';
import { parseLabelSelectors } from './SafeguardForm';

const SAFEGUARDS = `${PLANS}/plan-1/safeguards`;
const panel = <FlagReleasePlan project="default" flagName="checkout" environment="development" />;

const errorsOver5: CreateSafeguard = {
  impactMetric: {
    metricName: 'http_errors',
    aggregationMode: 'count',
    timeRange: 'hour',
    labelSelectors: { route: ['/checkout'] },
  },
  triggerCondition: { operator: '>', threshold: 5 },
};

const withSafeguard = () => ({ ...plan(), safeguards: [safeguardOf(structuredClone(errorsOver5))] });

function safeguardForm() {
  return within(screen.getByRole('form', { name: 'Safeguard of Gradual rollout' }));
}

describe('release plan safeguard', () => {
  it('sets a safeguard from the form and shows it', async () => {
    const server = planServer([plan()]);
    await renderWithConsole(panel, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Add safeguard' }));
    const form = safeguardForm();
    fireEvent.change(form.getByLabelText(/Impact metric/), { target: { value: 'http_errors' } });
    fireEvent.change(form.getByLabelText('Aggregation'), { target: { value: 'count' } });
    fireEvent.change(form.getByLabelText('Over the last'), { target: { value: 'hour' } });
    fireEvent.change(form.getByLabelText('Pause when the value is'), { target: { value: '>' } });
    fireEvent.change(form.getByLabelText(/Threshold/), { target: { value: '5' } });
    fireEvent.change(form.getByLabelText(/Label selectors/), { target: { value: 'route=/checkout' } });
    fireEvent.click(form.getByRole('button', { name: 'Save safeguard' }));
    await waitFor(() => expect(server.calls('PUT', SAFEGUARDS)[0]?.body).toEqual(errorsOver5));
    expect(await screen.findByText('Safeguard added.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('plan-safeguards').textContent).toContain(
        'http_errors {route=/checkout} (count over the last hour) > 5',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Add safeguard' })).toBeNull();
  }, 30_000);

  it('edits the safeguard, the form starting from its current rule', async () => {
    const server = planServer([withSafeguard()]);
    await renderWithConsole(panel, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit safeguard' }));
    const form = safeguardForm();
    expect((form.getByLabelText(/Impact metric/) as HTMLInputElement).value).toBe('http_errors');
    expect((form.getByLabelText(/Label selectors/) as HTMLTextAreaElement).value).toBe('route=/checkout');
    fireEvent.change(form.getByLabelText('Aggregation'), { target: { value: 'p95' } });
    fireEvent.change(form.getByLabelText('Over the last'), { target: { value: 'day' } });
    fireEvent.change(form.getByLabelText('Pause when the value is'), { target: { value: '<' } });
    fireEvent.change(form.getByLabelText(/Threshold/), { target: { value: '0.5' } });
    fireEvent.click(form.getByRole('button', { name: 'Save safeguard' }));
    await waitFor(() =>
      expect(server.calls('PUT', SAFEGUARDS)[0]?.body).toEqual({
        impactMetric: { ...errorsOver5.impactMetric, aggregationMode: 'p95', timeRange: 'day' },
        triggerCondition: { operator: '<', threshold: 0.5 },
      }),
    );
    expect(await screen.findByText('Safeguard changed.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('plan-safeguards').textContent).toContain('(p95 over the last day) < 0.5'),
    );
  }, 30_000);

  it('removes the safeguard only after asking', async () => {
    const server = planServer([withSafeguard()]);
    await renderWithConsole(panel, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove safeguard' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep it' }));
    expect(server.calls('DELETE', `${SAFEGUARDS}/sg-1`)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Remove safeguard' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Remove the safeguard on http_errors?')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Remove safeguard' }));
    await waitFor(() => expect(server.calls('DELETE', `${SAFEGUARDS}/sg-1`)).toHaveLength(1));
    expect(await screen.findByText('Safeguard removed.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Add safeguard' })).toBeTruthy();
  }, 30_000);

  it('drafts setting and removing it into the change request where one is required', async () => {
    const draft = '/api/admin/projects/default/environments/development/change-requests';
    const server = planServer([withSafeguard()])
      .on('GET', '/api/admin/projects/default/change-requests/config', [
        { environment: 'development', type: 'development', changeRequestEnabled: true, requiredApprovals: 1 },
      ])
      .on('POST', draft, { id: 1 });
    await renderWithConsole(
      <ChangeRequestRouting project="default" environment="development">
        {panel}
      </ChangeRequestRouting>,
      { server },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit safeguard (draft)' }));
    const form = safeguardForm();
    fireEvent.change(form.getByLabelText(/Threshold/), { target: { value: '10' } });
    fireEvent.click(form.getByRole('button', { name: 'Save safeguard (draft)' }));
    await waitFor(() =>
      expect(server.calls('POST', draft)[0]?.body).toEqual({
        feature: 'checkout',
        action: 'changeSafeguard',
        payload: {
          planId: 'plan-1',
          safeguard: { ...errorsOver5, triggerCondition: { operator: '>', threshold: 10 } },
        },
      }),
    );
    expect(await screen.findByText(/Added to your change request in development/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove safeguard (draft)' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Remove safeguard (draft)' }));
    await waitFor(() =>
      expect(server.calls('POST', draft)[1]?.body).toEqual({
        feature: 'checkout',
        action: 'deleteSafeguard',
        payload: { planId: 'plan-1', safeguardId: 'sg-1' },
      }),
    );
    expect(server.calls('PUT', SAFEGUARDS)).toHaveLength(0);
    expect(server.calls('DELETE', `${SAFEGUARDS}/sg-1`)).toHaveLength(0);
  }, 30_000);

  it('refuses an invalid rule in the form and shows the server refusal in place', async () => {
    const server = planServer([plan()]);
    await renderWithConsole(panel, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Add safeguard' }));
    const form = safeguardForm();
    fireEvent.change(form.getByLabelText(/Impact metric/), { target: { value: 'drop table;' } });
    fireEvent.change(form.getByLabelText(/Label selectors/), { target: { value: '9route=x' } });
    fireEvent.click(form.getByRole('button', { name: 'Save safeguard' }));
    expect(await form.findByText(/Letters, digits, "_" and ":"/)).toBeTruthy();
    expect(form.getByText('Enter a number')).toBeTruthy();
    expect(form.getByText('"9route" is not a label name')).toBeTruthy();
    expect(server.calls('PUT', SAFEGUARDS)).toHaveLength(0);

    server.on(
      'PUT',
      SAFEGUARDS,
      unleashError(400, 'BadDataError', 'A safeguard selects on at most 8 labels.'),
    );
    fireEvent.change(form.getByLabelText(/Impact metric/), { target: { value: 'errors' } });
    fireEvent.change(form.getByLabelText(/Threshold/), { target: { value: '1' } });
    fireEvent.change(form.getByLabelText(/Label selectors/), { target: { value: '' } });
    fireEvent.click(form.getByRole('button', { name: 'Save safeguard' }));
    expect(await form.findByText(/A safeguard selects on at most 8 labels/)).toBeTruthy();
    expect(form.getByText('The safeguard was not saved')).toBeTruthy();
    expect(server.calls('PUT', SAFEGUARDS)).toHaveLength(1);
  }, 30_000);

  it('reads label selector lines, merging a repeated label', () => {
    expect(parseLabelSelectors('route = /a, /b\n\nregion=eu\nroute=/c')).toEqual({
      selectors: { route: ['/a', '/b', '/c'], region: ['eu'] },
    });
    expect(parseLabelSelectors('route')).toEqual({ error: 'Give route a value: route=value' });
  });
});
