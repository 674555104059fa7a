import { describe, expect, it } from 'vitest';
import { CANCEL_REASONS, PAUSE_REASONS, reasonLabel, reasonToSend } from './reasons';

describe('reasons (001 §3)', () => {
  it('lists the ids and labels of the specification', () => {
    expect(PAUSE_REASONS.map((r) => `${r.id}:${r.label}`)).toEqual([
      'not_using:Not using it enough',
      'expensive:Too expensive',
      'away:Away or traveling',
      'alternative:Alternative treatment',
      'other:Other',
    ]);
    expect(CANCEL_REASONS.map((r) => r.id)).toEqual([
      'expensive',
      'not_taking',
      'not_working',
      'not_needed',
      'other',
    ]);
  });

  it('sends nothing without a reason, or for Other without a description (001 §5)', () => {
    expect(reasonToSend(null, '', PAUSE_REASONS)).toBeNull();
    expect(reasonToSend('other', '   ', PAUSE_REASONS)).toBeNull();
    expect(reasonToSend('not_taking', '', PAUSE_REASONS)).toBeNull();
    expect(reasonToSend('away', 'ignored', PAUSE_REASONS)).toBe('away');
    expect(reasonToSend('other', '  Moving abroad ', CANCEL_REASONS)).toBe('Moving abroad');
    expect(reasonToSend('other', 'x'.repeat(1200), CANCEL_REASONS)).toHaveLength(1000);
  });

  it('labels a stored reason', () => {
    expect(reasonLabel('not_needed', CANCEL_REASONS)).toBe("I don't need it anymore");
    expect(reasonLabel('Moving abroad', CANCEL_REASONS)).toBe('Moving abroad');
  });
});
