import type { StorageKey } from './storage-keys';

type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    // Storage can be switched off (privacy settings); the app then keeps working without persistence.
    return null;
  }
}

export function readStorage(key: StorageKey, which: Area = 'local'): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string, which: Area = 'local'): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // quota or disabled storage: nothing sensible to do
  }
}

export function removeStorage(key: StorageKey, which: Area = 'local'): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // ignored, see writeStorage
  }
}

/** Parses a stored JSON value; a missing or corrupt value gives null. */
export function readJson<T>(key: StorageKey, which: Area = 'local'): T | null {
  const raw = readStorage(key, which);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: StorageKey, value: unknown, which: Area = 'local'): void {
  writeStorage(key, JSON.stringify(value), which);
}
