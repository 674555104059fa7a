/**
 * Clearing cached server answers when a session ends, without loading the query library: the first screens
 * (/login) ship without it, and the client that holds the cache is made by the first screen that needs one.
 */
let clear: (() => void) | null = null;

export function onQueryCacheClear(handler: () => void): void {
  clear = handler;
}

export function clearQueryCache(): void {
  clear?.();
}
