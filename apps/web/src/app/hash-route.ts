/**
 * Old links use hash routes (/#/login, /#/get-started, /#/request-password-reset; 000 §2, 002 §4.9). At start-up
 * the hash path becomes the real path, replacing the history entry. A plain anchor (#main) is left alone.
 */
export function hashRouteTarget(location: Pick<Location, 'hash'>): string | null {
  const { hash } = location;
  if (!hash.startsWith('#/')) return null;
  return hash.slice(1);
}

export function applyHashRoute(): boolean {
  const target = hashRouteTarget(window.location);
  if (target === null) return false;
  window.history.replaceState(window.history.state, '', target);
  return true;
}
