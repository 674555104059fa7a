import { RouterProvider } from 'react-router';
import { DemoBanner } from '../components/demo-banner/demo-banner';
import { ToastRegion } from '../components/toast/toast-region';
import { AppErrorBoundary } from './crash-screen';
import type { AppRouter } from './router';

/**
 * The query client is not provided here but by the shells that read server data (`QueryProvider`): /login
 * loads no query library.
 */
export function App({ router }: { router: AppRouter }) {
  return (
    <AppErrorBoundary>
      {/* outside the router: drawn in the first frame with the loading spinner, so its strip never moves the page */}
      <DemoBanner />
      <RouterProvider router={router} />
      <ToastRegion />
    </AppErrorBoundary>
  );
}
