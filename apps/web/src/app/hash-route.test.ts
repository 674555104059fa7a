import { afterEach, describe, expect, it } from 'vitest';
import { applyHashRoute, hashRouteTarget } from './hash-route';

describe('hash routes', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it.each([
    ['#/login', '/login'],
    ['#/get-started', '/get-started'],
    ['#/request-password-reset', '/request-password-reset'],
    ['#/login?expired=true', '/login?expired=true'],
  ])('%s becomes %s', (hash, path) => {
    expect(hashRouteTarget({ hash })).toBe(path);
  });

  it('leaves plain anchors and empty hashes alone', () => {
    expect(hashRouteTarget({ hash: '' })).toBeNull();
    expect(hashRouteTarget({ hash: '#main' })).toBeNull();
  });

  it('replaces the current history entry with the path form', () => {
    window.history.replaceState(null, '', '/#/get-started?utm_source=x');
    const entries = window.history.length;
    expect(applyHashRoute()).toBe(true);
    expect(window.location.pathname).toBe('/get-started');
    expect(window.location.search).toBe('?utm_source=x');
    expect(window.location.hash).toBe('');
    expect(window.history.length).toBe(entries);
  });

  it('does nothing without a hash route', () => {
    window.history.replaceState(null, '', '/login');
    expect(applyHashRoute()).toBe(false);
    expect(window.location.pathname).toBe('/login');
  });
});
