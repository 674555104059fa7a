import { afterEach, beforeEach, vi } from 'vitest';
import { fixClock } from './fixed-clock';

// Every rule that reads the clock is tested at a fixed instant; a test about a boundary sets its own.
// Set once here, before the test file is loaded, so dates a file builds at load time are of the same `Date`.
fixClock();
beforeEach(() => {
  fixClock();
});

afterEach(() => {
  vi.useRealTimers();
});
