import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDelayedPlaceholder } from './use-delayed-placeholder';

// each step lets React run its effects, as a browser does between a timer and the next
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

function render(loading: boolean, timing: Parameters<typeof useDelayedPlaceholder>[1]) {
  return renderHook(({ loading }) => useDelayedPlaceholder(loading, timing), { initialProps: { loading } });
}

describe('useDelayedPlaceholder', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows nothing for a loading shorter than the delay', () => {
    const hook = render(true, { delayMs: 500, minShownMs: 1000 });
    expect(hook.result.current).toBe(false);
    advance(499);
    hook.rerender({ loading: false });
    advance(5000);
    expect(hook.result.current).toBe(false);
  });

  it('shows after the delay and keeps it the minimum time when the answer comes just after', () => {
    const hook = render(true, { delayMs: 500, minShownMs: 1000 });
    advance(500);
    expect(hook.result.current).toBe(true);
    advance(100);
    hook.rerender({ loading: false });
    expect(hook.result.current).toBe(true);
    advance(899);
    expect(hook.result.current).toBe(true);
    advance(1);
    expect(hook.result.current).toBe(false);
  });

  it('leaves as soon as a long loading ends, past the minimum', () => {
    const hook = render(true, { delayMs: 500, minShownMs: 1000 });
    advance(500);
    advance(2500);
    expect(hook.result.current).toBe(true);
    hook.rerender({ loading: false });
    expect(hook.result.current).toBe(false);
  });

  it('shows at once without a delay, at least the minimum', () => {
    const hook = render(true, { minShownMs: 1000 });
    expect(hook.result.current).toBe(true);
    hook.rerender({ loading: false });
    advance(999);
    expect(hook.result.current).toBe(true);
    advance(1);
    expect(hook.result.current).toBe(false);
  });

  it('shows at once without a delay for a loading that starts later', () => {
    const hook = render(false, { minShownMs: 1000 });
    hook.rerender({ loading: true });
    expect(hook.result.current).toBe(true);
    advance(10);
    hook.rerender({ loading: false });
    expect(hook.result.current).toBe(true);
    advance(989);
    expect(hook.result.current).toBe(true);
    advance(1);
    expect(hook.result.current).toBe(false);
  });

  it('never shows for a loading already over when the screen opens', () => {
    const hook = render(false, { minShownMs: 1000 });
    expect(hook.result.current).toBe(false);
    advance(2000);
    expect(hook.result.current).toBe(false);
  });

  it('starts again for a new loading', () => {
    const hook = render(true, { delayMs: 500, minShownMs: 1000 });
    advance(500);
    advance(1500);
    hook.rerender({ loading: false });
    expect(hook.result.current).toBe(false);
    hook.rerender({ loading: true });
    expect(hook.result.current).toBe(false);
    advance(500);
    expect(hook.result.current).toBe(true);
  });
});
