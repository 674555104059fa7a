import { describe, expect, it } from 'vitest';
import { VERSION_BANNER_DISMISS_MS } from '../constants';
import { showsVersionBanner, versionOfFile } from './version';

describe('version check', () => {
  const base = { current: 'a1', latest: null, dismissedUntil: 0 };

  it('shows the banner only once the file names another version', () => {
    expect(showsVersionBanner(base, 0)).toBe(false);
    expect(showsVersionBanner({ ...base, latest: 'a1' }, 0)).toBe(false);
    expect(showsVersionBanner({ ...base, latest: 'b2' }, 0)).toBe(true);
  });

  it('stays hidden for an hour after Dismiss, then shows again', () => {
    const dismissedAt = 1_000_000;
    const state = { ...base, latest: 'b2', dismissedUntil: dismissedAt + VERSION_BANNER_DISMISS_MS };
    expect(VERSION_BANNER_DISMISS_MS).toBe(60 * 60 * 1000);
    expect(showsVersionBanner(state, dismissedAt + VERSION_BANNER_DISMISS_MS - 1)).toBe(false);
    expect(showsVersionBanner(state, dismissedAt + VERSION_BANNER_DISMISS_MS)).toBe(true);
  });

  it('reads the version of the file, and nothing from anything else', () => {
    expect(versionOfFile({ version: ' 2026-11-28T03:10:00Z ' })).toBe('2026-11-28T03:10:00Z');
    expect(versionOfFile({ version: '' })).toBeNull();
    expect(versionOfFile({ version: 3 })).toBeNull();
    expect(versionOfFile({ version: 'x'.repeat(201) })).toBeNull();
    expect(versionOfFile('<!doctype html>')).toBeNull();
    expect(versionOfFile(null)).toBeNull();
  });
});
