import { readStorage, writeStorage } from '../lib/storage';
import { STORAGE_KEYS } from '../lib/storage-keys';

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError/i;
const RELOAD_GUARD_MS = 30_000;

/** A lazy route's code failed to load, typically because a new version was deployed since the page opened. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error ?? '');
  return CHUNK_ERROR.test(message);
}

/** Reloads the page once; returns false when a reload already happened moments ago (then the crash screen shows). */
export function reloadOnceForChunkError(now: number = Date.now()): boolean {
  const last = Number(readStorage(STORAGE_KEYS.chunkReloadAt, 'session') ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  writeStorage(STORAGE_KEYS.chunkReloadAt, String(now), 'session');
  window.location.reload();
  return true;
}
