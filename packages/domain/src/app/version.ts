/**
 * The version check (002 §2.12, §4.10): the app reads the version file at start and every 5 minutes; a version
 * other than the one it was built as shows the banner, which Dismiss hides for an hour.
 */
export interface VersionState {
  /** The version this page was built as. */
  current: string;
  /** The newest version the file has named, null until it has been read. */
  latest: string | null;
  /** Until when (epoch ms) the banner stays hidden after Dismiss; 0 when never dismissed. */
  dismissedUntil: number;
}

/** Whether the banner shows now. */
export function showsVersionBanner(state: VersionState, now: number): boolean {
  return state.latest !== null && state.latest !== state.current && now >= state.dismissedUntil;
}

/** The version a version file names, or null when it is not one (a missing file, a page, garbage). */
export function versionOfFile(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const version = (body as { version?: unknown }).version;
  return typeof version === 'string' && version.trim() !== '' && version.length <= 200
    ? version.trim()
    : null;
}
