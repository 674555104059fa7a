import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StickyTotalBar } from './sticky-total-bar';

function place({ width, scrollY }: { width: number; scrollY: number }) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: scrollY });
}

describe('StickyTotalBar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    place({ width: 1024, scrollY: 0 });
  });

  it('measures the layout again 1 s after load, when the page moved without an event (000 §9)', () => {
    place({ width: 1280, scrollY: 0 });
    render(
      <StickyTotalBar label="Total" amount="$99.00">
        <button type="button">Continue</button>
      </StickyTotalBar>,
    );
    const bar = screen.getByRole('region', { name: 'Total' });
    expect(bar).toHaveAttribute('data-sticky', 'false');
    // a phone width and a restored scroll position, with no resize or scroll event
    place({ width: 390, scrollY: 500 });
    act(() => vi.advanceTimersByTime(999));
    expect(bar).toHaveAttribute('data-sticky', 'false');
    act(() => vi.advanceTimersByTime(1));
    expect(bar).toHaveAttribute('data-sticky', 'true');
  });
});
