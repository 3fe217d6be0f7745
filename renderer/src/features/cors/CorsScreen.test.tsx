import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, unleashError } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { CorsScreen } from './CorsScreen';
import { originProblem, parseOrigins } from './cors-api';

function corsServer() {
  let origins = ['https://app.example.com'];
  return createFakeServer()
    .on('GET', '/api/admin/ui-config', () => ({
      body: { frontendApiOrigins: origins, unleashUrl: 'http://switchyard.test' },
    }))
    .on('POST', '/api/admin/ui-config/cors', (request) => {
      const next = (request.body as { frontendApiOrigins: string[] }).frontendApiOrigins;
      if (next.includes('https://denied.example.com'))
        return unleashError(403, 'NoAccessError', 'You need UPDATE_CORS');
      origins = next;
      return { status: 204 };
    });
}

describe('CORS screen', () => {
  it('parses and checks origins as a browser sends them', () => {
    expect(parseOrigins(' https://a.test \n\nhttps://a.test,*')).toEqual(['https://a.test', '*']);
    expect(originProblem('*')).toBeNull();
    expect(originProblem('http://localhost:3000')).toBeNull();
    expect(originProblem('https://a.test/path')).toMatch(/is not an origin/);
    expect(originProblem('a.test')).toMatch(/is not an origin/);
    expect(originProblem('https://*.a.test')).toMatch(/is not an origin/);
    expect(originProblem('HTTPS://A.test')).toMatch(/is not an origin/);
  });

  it('saves the origins one a line', async () => {
    const server = corsServer();
    await renderWithConsole(<CorsScreen />, { server });
    const field = (await screen.findByLabelText('Allowed origins')) as HTMLTextAreaElement;
    expect(field.value).toBe('https://app.example.com');
    fireEvent.change(field, { target: { value: 'https://app.example.com\nhttps://admin.example.com/' } });
    expect(screen.getByText(/https:\/\/admin.example.com\/ is not an origin/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save origins' }));
    expect(server.calls('POST', '/api/admin/ui-config/cors')).toHaveLength(0);
    fireEvent.change(field, { target: { value: 'https://app.example.com\nhttps://admin.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save origins' }));
    expect(await screen.findByText('Origins saved.')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/ui-config/cors')[0]?.body).toEqual({
      frontendApiOrigins: ['https://app.example.com', 'https://admin.example.com'],
    });
  });

  it("shows the server's refusal", async () => {
    const server = corsServer();
    await renderWithConsole(<CorsScreen />, { server });
    fireEvent.change(await screen.findByLabelText('Allowed origins'), {
      target: { value: 'https://denied.example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save origins' }));
    expect(await screen.findByText('You need UPDATE_CORS')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Origins saved.')).toBeNull());
  });
});
