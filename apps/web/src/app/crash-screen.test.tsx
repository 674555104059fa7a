import { MESSAGES } from '@portal/domain/messages';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, RouteErrorScreen } from './crash-screen';

function Boom(): never {
  throw new Error('render failed');
}

describe('crash screen', () => {
  it('shows the generic crash message with a Reload page button', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', Component: Boom, ErrorBoundary: RouteErrorScreen }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: MESSAGES.crash })).toBeInTheDocument();
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
});
