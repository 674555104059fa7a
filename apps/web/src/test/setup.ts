import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setBrand } from '../lib/brand';
import { resetSessionEndHandlers } from '../lib/session-end';

// jsdom does not implement scrolling; ScrollRestoration calls it on every navigation
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetSessionEndHandlers();
  setBrand({ organization: null, organizationId: undefined, error: false });
});
