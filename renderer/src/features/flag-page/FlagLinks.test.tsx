import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Feature } from '../../api/flag-api';
import { createFakeServer, unleashError } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { FlagLinks, linkUrlProblem } from './FlagLinks';

const FLAG = { project: 'web', name: 'new-nav' };
const BASE = '/api/admin/projects/web/features/new-nav/link';

const feature = (links: Feature['links']) =>
  ({ name: 'new-nav', project: 'web', links }) as unknown as Feature;

describe('flag links', () => {
  it('checks the address before sending', () => {
    expect(linkUrlProblem('')).toBe('Paste the address to link to');
    expect(linkUrlProblem('tracker/1')).toBe('Not a full address: start it with https://');
    expect(linkUrlProblem('ftp://files.example.com')).toBe('Use an http or https address');
    expect(linkUrlProblem('https://tracker.example.com/1')).toBeNull();
  });

  it('adds a link with a title and starts a fresh form; a refusal sits under the URL', async () => {
    const server = createFakeServer().on('POST', BASE, (request) =>
      (request.body as { url: string }).url.includes('blocked')
        ? unleashError(400, 'ValidationError', 'url is not allowed', [
            { message: 'url is not allowed', path: '/body/url' },
          ])
        : { status: 204 },
    );
    await renderWithConsole(<FlagLinks flag={FLAG} feature={feature([])} />, { server });
    fireEvent.click(screen.getByRole('button', { name: 'Add link' }));
    expect(await screen.findByText('Paste the address to link to')).toBeTruthy();
    expect(server.calls('POST', BASE)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Link URL'), { target: { value: 'https://blocked.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add link' }));
    const refusal = await screen.findByText('url is not allowed');
    expect(refusal.closest('.mantine-InputWrapper-root')?.querySelector('input')).toBe(
      screen.getByLabelText('Link URL'),
    );

    fireEvent.change(screen.getByLabelText('Link URL'), {
      target: { value: ' https://tracker.example.com/NAV-1 ' },
    });
    fireEvent.change(screen.getByLabelText('Link title'), { target: { value: 'Ticket' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add link' }));
    await waitFor(() => expect(server.calls('POST', BASE)).toHaveLength(2));
    expect(server.calls('POST', BASE)[1]?.body).toEqual({
      url: 'https://tracker.example.com/NAV-1',
      title: 'Ticket',
    });
    await waitFor(() => expect((screen.getByLabelText('Link URL') as HTMLInputElement).value).toBe(''));
    expect(screen.queryByText('Paste the address to link to')).toBeNull();
  });

  it('edits and removes a link', async () => {
    const server = createFakeServer()
      .on('PUT', `${BASE}/l1`, { status: 204 })
      .on('DELETE', `${BASE}/l1`, { status: 204 });
    const links = [{ id: 'l1', url: 'https://docs.example.com/nav', title: null, feature: 'new-nav' }];
    await renderWithConsole(<FlagLinks flag={FLAG} feature={feature(links)} />, { server });
    expect(screen.getByRole('link', { name: 'https://docs.example.com/nav' }).getAttribute('href')).toBe(
      'https://docs.example.com/nav',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit link https://docs.example.com/nav' }));
    const urls = screen.getAllByLabelText('Link URL') as HTMLInputElement[];
    expect(urls[0]?.value).toBe('https://docs.example.com/nav');
    fireEvent.change(screen.getAllByLabelText('Link title')[0]!, { target: { value: 'Docs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save link' }));
    await waitFor(() => expect(server.calls('PUT', `${BASE}/l1`)).toHaveLength(1));
    expect(server.calls('PUT', `${BASE}/l1`)[0]?.body).toEqual({
      url: 'https://docs.example.com/nav',
      title: 'Docs',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove link https://docs.example.com/nav' }));
    await waitFor(() => expect(server.calls('DELETE', `${BASE}/l1`)).toHaveLength(1));
  });
});
