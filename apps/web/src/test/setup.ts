import '@testing-library/jest-dom/vitest';
import { fixClock } from '@portal/domain/testing/fixed-clock';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { toast } from '../components/toast/toast-store';
import { setBrand } from '../lib/brand';
import { clearSession } from '../lib/session';
import { resetSessionEndHandlers } from '../lib/session-end';

// jsdom does not implement scrolling; ScrollRestoration calls it on every navigation
window.scrollTo = () => {};

// Every test reads a fixed clock (a test about a boundary sets its own instant), so no result depends on
// when or in which time zone the suite runs.
// Set once here, before the test file is loaded, so dates a file builds at load time are of the same `Date`.
fixClock();
beforeEach(() => {
  fixClock();
});

// Waits for what a screen shows hold on a busy two-core machine: Testing Library's default of 1 s does not, and
// 10 s did not once for a route's first lazy page, transformed on demand while both cores ran other suites. A
// test's own limit (30 s) still bounds it.
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => {
  cleanup();
  toast.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  clearSession();
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetSessionEndHandlers();
  setBrand({ organization: null, organizationId: undefined, error: false });
});
