import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSyncExternalStore } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastRegion } from './toast-region';
import { getToasts, MAX_TOASTS, subscribeToasts, toast } from './toast-store';
import ToastViewport from './toast-viewport';

/** The stack as the app shows it, without the lazy load (so fake timers drive everything). */
function LiveStack() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return <ToastViewport toasts={toasts} />;
}

const stack = () => screen.getByRole('region', { name: 'Notifications' });

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('titles a success "Success", announces it politely and lets it go by itself', () => {
    render(<LiveStack />);
    act(() => void toast.success('Photo updated successfully', { durationMs: 3000 }));
    const item = within(stack()).getByRole('status');
    expect(item).toHaveTextContent('Success');
    expect(item).toHaveTextContent('Photo updated successfully');
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText('Photo updated successfully')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Photo updated successfully')).not.toBeInTheDocument();
  });

  it('announces errors and warnings at once and keeps them until dismissed', () => {
    render(<LiveStack />);
    act(() => {
      toast.error('An error occurred. Please try again later.');
      toast.warning('Verify your number to receive real time updates');
    });
    const alerts = within(stack()).getAllByRole('alert');
    expect(alerts.map((a) => a.querySelector('.ui-alert__title')?.textContent)).toEqual(['Error', 'Warning']);
    act(() => vi.advanceTimersByTime(60 * 60_000));
    expect(within(stack()).getAllByRole('alert')).toHaveLength(2);
    fireEvent.click(within(alerts[0]!).getByRole('button', { name: 'Dismiss' }));
    expect(within(stack()).getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText('An error occurred. Please try again later.')).not.toBeInTheDocument();
  });

  it('titles a note "Info"', () => {
    render(<LiveStack />);
    act(() => void toast.info('A verification code was sent to your mobile number.'));
    expect(within(stack()).getByRole('status')).toHaveTextContent('Info');
  });

  it('stops the clock while pointed at, and runs the rest once the pointer leaves', () => {
    render(<LiveStack />);
    act(() => void toast.success('Saved', { durationMs: 3000 }));
    act(() => vi.advanceTimersByTime(2000));
    const item = screen.getByText('Saved').closest('li')!;
    fireEvent.mouseEnter(item);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    fireEvent.mouseLeave(item);
    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('stops the clock while focus is inside, and Escape dismisses', () => {
    render(<LiveStack />);
    act(() => void toast.success('Saved', { durationMs: 3000 }));
    const dismiss = screen.getByRole('button', { name: 'Dismiss' });
    act(() => dismiss.focus());
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    fireEvent.keyDown(dismiss, { key: 'Escape' });
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('shows the same notice once, and at most three at a time (the oldest give way)', () => {
    render(<LiveStack />);
    act(() => {
      toast.success('Saved');
      toast.success('Saved');
    });
    expect(screen.getAllByText('Saved')).toHaveLength(1);
    act(() => {
      for (const n of [1, 2, 3]) toast.info(`Note ${n}`);
    });
    expect(within(stack()).getAllByRole('listitem')).toHaveLength(MAX_TOASTS);
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(screen.getByText('Note 3')).toBeInTheDocument();
  });
});

describe('ToastRegion', () => {
  it('draws nothing until the first notice, then loads the stack', async () => {
    const { container } = render(<ToastRegion />);
    expect(container).toBeEmptyDOMElement();
    act(() => void toast.success('Password updated successfully'));
    const item = await screen.findByRole('status');
    expect(item).toHaveTextContent('Password updated successfully');
    await userEvent.click(within(item).getByRole('button', { name: 'Dismiss' }));
    expect(container).toBeEmptyDOMElement();
  });
});
