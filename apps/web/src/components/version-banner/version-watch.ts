import { showsVersionBanner, type VersionState, versionOfFile } from '@portal/domain/app/version';
import { VERSION_BANNER_DISMISS_MS, VERSION_CHECK_INTERVAL_MS } from '@portal/domain/constants';

declare const __APP_VERSION__: string | undefined;

/** The version this page was built as; 'dev' outside a build (the dev server and tests have no version file). */
export const APP_VERSION = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';

let state: VersionState = { current: APP_VERSION, latest: null, dismissedUntil: 0 };
const listeners = new Set<() => void>();

function set(next: VersionState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function subscribeVersion(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function versionState(): VersionState {
  return state;
}

export function versionBannerShown(now = Date.now()): boolean {
  return showsVersionBanner(state, now);
}

/**
 * Reads the version file (002 §7.9), past every cache. A failed read changes nothing: an offline moment is not a
 * new version. Every read is announced, so a banner dismissed an hour ago shows again on the next check.
 */
export async function checkVersion(read: typeof fetch = fetch): Promise<void> {
  let latest = state.latest;
  try {
    const response = await read('/version.json', {
      cache: 'no-store',
      headers: { accept: 'application/json' },
    });
    if (response.ok) latest = versionOfFile(await response.json()) ?? latest;
  } catch {
    // offline or a page instead of the file: try again at the next check
  }
  set({ ...state, latest });
}

/** At start and every 5 minutes (002 §4.10); returns the stop. */
export function startVersionWatch(read: typeof fetch = fetch): () => void {
  void checkVersion(read);
  const timer = setInterval(() => void checkVersion(read), VERSION_CHECK_INTERVAL_MS);
  return () => clearInterval(timer);
}

/** Dismiss: hidden for an hour (002 §4.10). */
export function dismissVersionBanner(now = Date.now()): void {
  set({ ...state, dismissedUntil: now + VERSION_BANNER_DISMISS_MS });
}

/** For tests: back to a page that has read nothing. */
export function resetVersionWatch(current = APP_VERSION): void {
  set({ current, latest: null, dismissedUntil: 0 });
}
