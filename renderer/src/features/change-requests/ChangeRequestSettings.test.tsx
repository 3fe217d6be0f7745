import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { ChangeRequestList } from './ChangeRequestList';
import { ChangeRequestSettings } from './ChangeRequestSettings';
import { BASE, changeRequestServer, newRequest } from './change-request-test-server';

describe('change-request settings of a project', () => {
  it('switches change requests on per environment and sets the approvals it needs', async () => {
    const { server, config } = changeRequestServer();
    const path = `${BASE}/environments/development/change-requests/config`;
    server.on('PUT', path, (request) => {
      const body = request.body as { changeRequestsEnabled: boolean; requiredApprovals: number };
      Object.assign(config[0] ?? {}, {
        changeRequestEnabled: body.changeRequestsEnabled,
        requiredApprovals: body.requiredApprovals,
      });
      return answer(204);
    });
    await renderWithConsole(<ChangeRequestSettings projectId="default" />, { server });
    const production = await screen.findByTestId('change-request-config-production');
    expect(
      (within(production).getByLabelText('Require change requests in production') as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect(
      (within(production).getByLabelText('Required approvals in production') as HTMLInputElement).value,
    ).toBe('1');

    fireEvent.click(screen.getByLabelText('Require change requests in development'));
    await waitFor(() => expect(server.calls('PUT', path)).toHaveLength(1));
    expect(server.calls('PUT', path)[0]?.body).toEqual({ changeRequestsEnabled: true, requiredApprovals: 1 });

    const approvals = screen.getByLabelText('Required approvals in development') as HTMLInputElement;
    await waitFor(() => expect(approvals.disabled).toBe(false));
    fireEvent.change(approvals, { target: { value: '3' } });
    fireEvent.blur(approvals);
    await waitFor(() => expect(server.calls('PUT', path)).toHaveLength(2));
    expect(server.calls('PUT', path)[1]?.body).toEqual({
      changeRequestsEnabled: true,
      requiredApprovals: 3,
    });
  });
});

describe('project change-request list', () => {
  it('lists open requests first and filters by state', async () => {
    const { server, requests } = changeRequestServer();
    requests.push(
      { ...newRequest(1, 'production', 'Applied'), title: 'Old launch' },
      { ...newRequest(2, 'production', 'In review'), title: 'Nordic launch' },
      { ...newRequest(3, 'production', 'Draft') },
    );
    await renderWithConsole(<ChangeRequestList project="default" />, { server });
    await screen.findByTestId('change-request-row-2');
    const ids = () => screen.getAllByTestId(/^change-request-row-/).map((row) => row.dataset.testid);
    expect(ids()).toEqual(['change-request-row-3', 'change-request-row-2']);
    expect(screen.getByTestId('change-request-row-2').textContent).toContain('In review');
    fireEvent.click(screen.getByLabelText('State', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Applied' }));
    await waitFor(() => expect(ids()).toEqual(['change-request-row-1']));
    expect(screen.getByRole('link', { name: '#1 Old launch' }).getAttribute('href')).toBe(
      '/projects/default/change-requests/1',
    );
  });
});
