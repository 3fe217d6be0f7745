import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, parseErrorBody } from '../../api/api-error';
import { theme } from '../../app/theme';
import { ErrorNotice } from './ErrorNotice';
import { fieldErrorsOf, needsFormAlert } from './field-errors';

const wrap = (ui: React.ReactNode) =>
  render(
    <MantineProvider theme={theme} env="test">
      {ui}
    </MantineProvider>,
  );

describe('ErrorNotice', () => {
  it("shows Unleash's message and the details that name no field", () => {
    const error = parseErrorBody(400, {
      name: 'BadDataError',
      message: 'Request validation failed',
      details: [
        { path: '/body', message: 'The /body object does not allow additional properties' },
        { path: '/body/name', message: 'too short' },
      ],
    });
    wrap(<ErrorNotice error={error} title="The project was not created" />);
    expect(screen.getByRole('alert').textContent).toContain('The project was not created');
    expect(screen.getByText('BadDataError')).toBeTruthy();
    expect(screen.getByText('Request validation failed')).toBeTruthy();
    expect(screen.getByText('/body: The /body object does not allow additional properties')).toBeTruthy();
    expect(screen.queryByText(/too short/)).toBeNull();
  });

  it('explains an unreachable server and a missing API, and offers a retry', () => {
    const retry = vi.fn();
    wrap(<ErrorNotice error={new NetworkError('Cannot reach the server at http://x')} onRetry={retry} />);
    expect(screen.getByText('The server is unreachable')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalled();
  });

  it('names a route the server does not offer', () => {
    wrap(
      <ErrorNotice
        error={parseErrorBody(404, {
          name: 'NotFoundError',
          message: 'The path you were looking for (/api/admin/roles) is not available.',
        })}
      />,
    );
    expect(screen.getByText('This server does not offer this API')).toBeTruthy();
  });
});

describe('form error helpers', () => {
  it('put field details next to fields and the rest in an alert', () => {
    const fieldOnly = new ApiError({
      status: 400,
      errorName: 'BadDataError',
      message: 'invalid',
      details: [{ path: '/body/name', message: 'too short' }],
    });
    expect(fieldErrorsOf(fieldOnly)).toEqual({ name: 'too short' });
    expect(needsFormAlert(fieldOnly)).toBe(false);
    expect(
      needsFormAlert(new ApiError({ status: 409, errorName: 'NameExistsError', message: 'exists' })),
    ).toBe(true);
    expect(needsFormAlert(new Error('x'))).toBe(true);
    expect(needsFormAlert(null)).toBe(false);
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
  });
});
