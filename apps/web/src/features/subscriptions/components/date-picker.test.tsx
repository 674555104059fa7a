import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import DatePicker, { dayLabel } from './date-picker';

/** The reschedule window of a subscription billed on 2026-07-15: a day from the 1st to the 31st of July. */
function Harness({
  onChange,
  initial = '2026-07-16',
}: {
  onChange: (iso: string) => void;
  initial?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <button type="button">Before</button>
      <DatePicker
        label="New billing date"
        value={value}
        min="2026-07-01"
        max="2026-08-10"
        isDisabled={(d) => d === '2026-07-15'}
        onChange={(d) => {
          setValue(d);
          onChange(d);
        }}
      />
    </>
  );
}

const day = (iso: string) => screen.getByRole('button', { name: new RegExp(`^${dayLabel(iso)}`) });

describe('DatePicker (React Aria Components calendar)', () => {
  it('is a grid named by its label, with the chosen day selected and the month as its heading', () => {
    render(<Harness onChange={() => {}} />);
    const grid = screen.getByRole('grid');
    expect(screen.getByRole('application', { name: /New billing date/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /July 2026/ })).toBeInTheDocument();
    expect(within(grid).getByRole('gridcell', { selected: true })).toHaveTextContent('16');
    expect(day('2026-07-16')).toHaveAccessibleName(`${dayLabel('2026-07-16')} selected`);
  });

  it('moves by day and week with the arrows, by month with Page Down, and chooses with Enter', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Before' }));
    // Previous month is disabled (the window starts in July): Next month, then the one focusable day, the
    // selected one
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next month' })).toHaveFocus();
    await user.tab();
    expect(day('2026-07-16')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(day('2026-07-17')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(day('2026-07-24')).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowUp}');
    expect(day('2026-07-16')).toHaveFocus();
    await user.keyboard('{PageDown}');
    expect(screen.getByRole('heading', { name: /August 2026/ })).toBeInTheDocument();
    expect(day('2026-08-10')).toHaveFocus();
    await user.keyboard('{PageUp}');
    expect(day('2026-07-10')).toHaveFocus();
    // Home and End: the first and last day of the month that can be reached
    await user.keyboard('{End}');
    expect(day('2026-07-31')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(day('2026-07-01')).toHaveFocus();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2026-07-02');
    expect(day('2026-07-02')).toHaveAccessibleName(`${dayLabel('2026-07-02')} selected`);
  });

  it('announces an unavailable day and does not choose it, by key or by click', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    expect(day('2026-07-15')).toHaveAttribute('aria-disabled', 'true');
    await user.click(day('2026-07-16'));
    onChange.mockClear();
    await user.keyboard('{ArrowLeft}');
    expect(day('2026-07-15')).toHaveFocus();
    await user.keyboard('{Enter} ');
    await user.click(day('2026-07-15'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('stops at the ends of the window and disables the month buttons beyond them', async () => {
    const user = userEvent.setup();
    render(<Harness onChange={() => {}} initial="2026-07-02" />);
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    await user.click(day('2026-07-02'));
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(day('2026-07-01')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { name: /August 2026/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();
    expect(day('2026-08-11')).toHaveAttribute('aria-disabled', 'true');
  });
});
