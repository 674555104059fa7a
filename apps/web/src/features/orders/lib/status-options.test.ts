import { describe, expect, it } from 'vitest';
import { statusFilterOptions } from './status-options';

const AVAILABLE = [
  { value: 'active', label: 'Active' },
  { value: 'paused_by_reschedule', label: 'Rescheduled' },
  { value: 'rescheduled', label: 'Rescheduled' },
  { value: 'paid', label: 'Paid' },
];

describe('statusFilterOptions', () => {
  it('lists a label once: Rescheduled stands for rescheduled and paused_by_reschedule', () => {
    expect(statusFilterOptions(AVAILABLE)).toEqual([
      { value: 'active', label: 'Active' },
      { value: 'rescheduled', label: 'Rescheduled' },
      { value: 'paid', label: 'Paid' },
    ]);
  });

  it('keeps the status in the address selected when it is one of a shared label', () => {
    expect(statusFilterOptions(AVAILABLE, 'paused_by_reschedule')).toContainEqual({
      value: 'paused_by_reschedule',
      label: 'Rescheduled',
    });
    expect(statusFilterOptions(AVAILABLE, 'paused_by_reschedule')).toHaveLength(3);
  });

  it('adds a status in the address the patient no longer has, so it can be cleared', () => {
    expect(statusFilterOptions(AVAILABLE, 'past_due').at(-1)).toEqual({
      value: 'past_due',
      label: 'past due',
    });
  });
});
