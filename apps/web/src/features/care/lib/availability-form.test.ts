import { HOURS_END_BEFORE_START, HOURS_OVERLAP } from '@portal/domain/scheduling/hours-rules';
import { describe, expect, it } from 'vitest';
import { formOf, formProblems, nextHours, payloadOf, timeZoneChoices } from './availability-form';

let n = 0;
const key = () => `k${++n}`;

describe('the availability form', () => {
  it('reads what is stored and sends it back the same, midnight included, overrides by date', () => {
    const saved = {
      time_zone: 'America/Chicago',
      weekly: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 1, start: '13:00', end: '17:00' },
        { weekday: 0, start: '18:00', end: '24:00' },
      ],
      overrides: [
        { date: '2026-07-03', blocks: [] },
        { date: '2026-07-01', blocks: [{ start: '10:00', end: '11:00' }] },
      ],
    };
    const form = formOf(saved, key);
    expect(form.weekly[1]).toEqual([
      { start: '09:00', end: '12:00' },
      { start: '13:00', end: '17:00' },
    ]);
    expect(form.weekly[0]).toEqual([{ start: '18:00', end: '23:59' }]);
    expect(form.overrides.map((o) => [o.date, o.off])).toEqual([
      ['2026-07-03', true],
      ['2026-07-01', false],
    ]);
    expect(payloadOf(form)).toEqual({
      time_zone: 'America/Chicago',
      room_link: null,
      // Monday first, Sunday last
      weekly: [saved.weekly[0], saved.weekly[1], saved.weekly[2]],
      overrides: [saved.overrides[1], saved.overrides[0]],
    });
  });

  it('a day off sends no hours even when some were typed before', () => {
    const form = formOf({ time_zone: 'UTC', weekly: [], overrides: [] }, key);
    form.overrides.push({
      key: 'x',
      date: '2026-07-04',
      off: true,
      blocks: [{ start: '09:00', end: '10:00' }],
    });
    expect(payloadOf(form).overrides).toEqual([{ date: '2026-07-04', blocks: [] }]);
  });

  it('names each mistake on its field with the API’s words', () => {
    const form = formOf({ time_zone: 'UTC', weekly: [], overrides: [] }, key);
    form.weekly[2] = [
      { start: '09:00', end: '12:00' },
      { start: '11:00', end: '13:00' },
      { start: '15:00', end: '14:00' },
      { start: '', end: '16:00' },
    ];
    form.overrides = [
      { key: 'a', date: '2026-07-01', off: false, blocks: [] },
      { key: 'b', date: '2026-07-01', off: true, blocks: [] },
      { key: 'c', date: '', off: false, blocks: [{ start: '10:00', end: '09:00' }] },
    ];
    expect(formProblems(form)).toEqual({
      'weekly.2.1.end': HOURS_OVERLAP,
      'weekly.2.2.end': HOURS_END_BEFORE_START,
      'weekly.2.3.start': 'Enter a start time.',
      'overrides.a.blocks': 'Add hours, or make it a day off.',
      'overrides.b.date': 'This date is already listed.',
      'overrides.c.date': 'Enter the date.',
      'overrides.c.blocks.0.end': HOURS_END_BEFORE_START,
    });
  });

  it('suggests the next range after the day’s last', () => {
    expect(nextHours([])).toEqual({ start: '09:00', end: '17:00' });
    expect(nextHours([{ start: '09:00', end: '12:00' }])).toEqual({ start: '13:00', end: '15:00' });
    expect(nextHours([{ start: '20:00', end: '23:30' }])).toEqual({ start: '22:00', end: '23:59' });
  });

  it('offers the US zones first and keeps a stored zone the list lacks', () => {
    const choices = timeZoneChoices('America/New_York').map((c) => c.value);
    expect(choices[0]).toBe('America/New_York');
    expect(choices.indexOf('Pacific/Pago_Pago')).toBeLessThan(choices.indexOf('Europe/Berlin'));
    expect(timeZoneChoices('Etc/GMT+5')[0]!.value).toBe('Etc/GMT+5');
  });
});
