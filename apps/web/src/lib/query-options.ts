import type { queryOptions as typedQueryOptions } from '@tanstack/react-query';

/**
 * TanStack's `queryOptions` (it returns its argument; its work is the typing of the key): the API modules that
 * the first screen loads (the brand look-up) use this one, so importing them does not load the query library.
 */
export const queryOptions = ((options: unknown) => options) as typeof typedQueryOptions;
