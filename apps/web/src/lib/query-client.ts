import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';
import { onQueryCacheClear } from './query-cache';

/** No refetching on window focus, reconnect or a timer (002 §4.9); client errors (4xx) are not retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
        staleTime: 60_000,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 1;
        },
      },
      mutations: { retry: false },
    },
  });
}

let shared: QueryClient | null = null;

/**
 * The page's one client, made when the first screen that reads server data through the query library opens
 * (the shells share it, so moving between them keeps the cache); a session that ends clears it.
 */
export function getQueryClient(): QueryClient {
  if (!shared) {
    const client = createQueryClient();
    shared = client;
    onQueryCacheClear(() => client.clear());
  }
  return shared;
}
