import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { DemoBanner } from '../components/demo-banner/demo-banner';
import { AppErrorBoundary } from './crash-screen';
import { Providers } from './providers';
import type { AppRouter } from './router';

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <AppErrorBoundary>
      {/* outside the router: drawn in the first frame with the loading spinner, so its strip never moves the page */}
      <DemoBanner />
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </AppErrorBoundary>
  );
}
