import { type QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext } from 'react';
import { ToastRegion } from '../components/toast/toast-region';
import { getQueryClient } from '../lib/query-client';

/** A given client and the toasts for everything below (tests render the route table in it). */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastRegion />
    </QueryClientProvider>
  );
}

/**
 * The shells' provider: the page's shared client, made on first use, unless a client is already provided
 * above. The shells hold it rather than the app's root, so /login loads no query library.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return children;
  return <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>;
}

export default QueryProvider;
