import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link, Outlet, Route, Routes } from 'react-router';
import { ApiError } from '../api/client';
import { renderWithProviders } from '../test/render-with-providers';
import { RouteErrorBoundary } from './route-error-boundary';

function Broken({ error }: { error: unknown }): never {
  throw error;
}

/** A layout with its own link, the pages inside their own boundary, as in app/router.tsx. */
function renderApp(error: unknown) {
  return renderWithProviders(
    <Routes>
      <Route
        element={
          <RouteErrorBoundary>
            <nav>
              <Link to="/fine">Fine page</Link>
            </nav>
            <RouteErrorBoundary>
              <Outlet />
            </RouteErrorBoundary>
          </RouteErrorBoundary>
        }
      >
        <Route path="/broken" element={<Broken error={error} />} />
        <Route path="/fine" element={<h1>All well</h1>} />
      </Route>
    </Routes>,
    { route: '/broken' },
  );
}

describe('route error boundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the error page inside the layout, and the next page afresh after a navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp(new Error('boom'));
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong (error 500)' })).toBeTruthy();
    // The layout around the page is still there and usable.
    await userEvent.click(screen.getByRole('link', { name: 'Fine page' }));
    expect(screen.getByRole('heading', { level: 1, name: 'All well' })).toBeTruthy();
  });

  it('keeps the status of an API error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp(new ApiError(403, 'forbidden', 'Not for you'));
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong (error 403)' })).toBeTruthy();
    expect(screen.getByText('Not for you')).toBeTruthy();
  });
});
