import { LOADING_SCREEN_FADE_MS, LOADING_SCREEN_MS } from '@portal/domain/constants';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageSpinner } from './spinner';

describe('PageSpinner (the loading screen)', () => {
  it('is announced at once and fades in only after its calm first phase (1.5 s, then 0.75 s)', () => {
    render(<PageSpinner label="Loading your dashboard" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your dashboard');
    const screenArea = screen.getByRole('status').parentElement!;
    expect(screenArea.style.getPropertyValue('--ui-loading-after')).toBe(`${LOADING_SCREEN_MS}ms`);
    expect(screenArea.style.getPropertyValue('--ui-loading-fade')).toBe(`${LOADING_SCREEN_FADE_MS}ms`);
    expect(LOADING_SCREEN_MS).toBe(1500);
    expect(LOADING_SCREEN_FADE_MS).toBe(750);
  });
});
