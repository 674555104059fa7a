import { MESSAGES } from '@portal/domain/messages';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { reportsSent, resetErrorReporting } from '../lib/error-reporting';
import { json, mockApi } from '../test/helpers';
import { AppErrorBoundary, isChunkLoadError, RouteErrorScreen } from './crash-screen';

function Boom(): never {
  throw new Error('render failed');
}

describe('crash screen', () => {
  it('shows the generic crash message with a Reload page button', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', Component: Boom, ErrorBoundary: RouteErrorScreen }]);
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { name: MESSAGES.crash });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    await userEvent.click(screen.getByRole('button', { name: 'Reload page' }));
    expect(reload).toHaveBeenCalled();
  });

  it('recognises lazy chunk load failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('render failed'))).toBe(false);
  });

  it('reports what crashed, from a route and outside the router, once each', async () => {
    // an earlier test's crash is reported once the sender module loads: it must not land in this one's calls
    await reportsSent();
    resetErrorReporting();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const requests = mockApi({ 'POST /v2/client-errors': json(202, { request_id: 'r' }) });
    const reports = () =>
      requests.filter((r) => r.method === 'POST' && r.path === '/v2/client-errors').map((r) => r.body);
    const router = createMemoryRouter([{ path: '/', Component: Boom, ErrorBoundary: RouteErrorScreen }]);
    const routed = render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { name: MESSAGES.crash });
    await waitFor(() =>
      expect(reports()).toEqual([
        expect.objectContaining({ kind: 'route', message: 'Error: render failed' }),
      ]),
    );
    routed.unmount();

    render(
      <AppErrorBoundary>
        <Boom />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
    await waitFor(() => expect(reports()).toHaveLength(2));
    expect(reports()[1]).toMatchObject({ kind: 'crash', message: 'Error: render failed' });
  });
});
