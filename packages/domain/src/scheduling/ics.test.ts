import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildIcs, escapeIcsText, foldIcsLine, unfoldIcs, utf8Length } from './ics';

const base = {
  appointmentId: '65f0c0ffee0000000000abcd',
  domain: 'portal.example.com',
  start: new Date('2026-03-09T16:00:00Z'),
  end: new Date('2026-03-09T16:30:00Z'),
  stamp: new Date('2026-03-01T12:00:00Z'),
  summary: 'Appointment with Evergreen Longevity',
  organizer: { name: 'Evergreen Longevity', email: 'care@evergreen.example' },
  attendee: { name: 'Ana "Jo" Ruiz', email: 'ana@example.com' },
  timeZone: 'America/Los_Angeles',
};

const field = (lines: string[], name: string) =>
  lines.find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));

describe('buildIcs', () => {
  it('writes a request in UTC with the time in the patient zone in its text', () => {
    const text = buildIcs({
      ...base,
      method: 'REQUEST',
      sequence: 0,
      location: 'https://meet.example/room; 2',
    });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n').every((l) => utf8Length(l) <= 75)).toBe(true);
    const lines = unfoldIcs(text);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(field(lines, 'METHOD')).toBe('METHOD:REQUEST');
    expect(field(lines, 'UID')).toBe('UID:65f0c0ffee0000000000abcd@portal.example.com');
    expect(field(lines, 'SEQUENCE')).toBe('SEQUENCE:0');
    expect(field(lines, 'DTSTART')).toBe('DTSTART:20260309T160000Z');
    expect(field(lines, 'DTEND')).toBe('DTEND:20260309T163000Z');
    expect(field(lines, 'DTSTAMP')).toBe('DTSTAMP:20260301T120000Z');
    expect(field(lines, 'STATUS')).toBe('STATUS:CONFIRMED');
    expect(field(lines, 'LOCATION')).toBe('LOCATION:https://meet.example/room\\; 2');
    // 16:00Z on 9 Mar 2026 is 9:00 AM PDT (the change was on the 8th).
    expect(field(lines, 'DESCRIPTION')).toBe(
      'DESCRIPTION:Appointment with Evergreen Longevity on Monday\\, March 9 at 9:00 AM PDT.',
    );
    expect(field(lines, 'ATTENDEE')).toBe(
      `ATTENDEE;CN="Ana 'Jo' Ruiz";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:ana@example.com`,
    );
    expect(lines).toContain('BEGIN:VALARM');
  });

  it('a reschedule keeps the UID with a higher SEQUENCE; a cancellation says CANCEL', () => {
    const moved = unfoldIcs(
      buildIcs({
        ...base,
        method: 'REQUEST',
        sequence: 1,
        start: new Date('2026-03-10T16:00:00Z'),
        end: new Date('2026-03-10T16:30:00Z'),
      }),
    );
    expect(field(moved, 'UID')).toBe('UID:65f0c0ffee0000000000abcd@portal.example.com');
    expect(field(moved, 'SEQUENCE')).toBe('SEQUENCE:1');
    const canceled = unfoldIcs(buildIcs({ ...base, method: 'CANCEL', sequence: 2 }));
    expect(field(canceled, 'METHOD')).toBe('METHOD:CANCEL');
    expect(field(canceled, 'STATUS')).toBe('STATUS:CANCELLED');
    expect(field(canceled, 'SEQUENCE')).toBe('SEQUENCE:2');
    expect(field(canceled, 'SUMMARY')).toBe('SUMMARY:Canceled: Appointment with Evergreen Longevity');
    expect(canceled).not.toContain('BEGIN:VALARM');
  });

  it('folds any line at 75 octets and unfolds to the same text (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (value) => {
        const line = `DESCRIPTION:${escapeIcsText(value)}`;
        const folded = foldIcsLine(line);
        for (const part of folded.split('\r\n')) expect(utf8Length(part)).toBeLessThanOrEqual(75);
        expect(folded.replace(/\r\n /g, '')).toBe(line);
        expect(line.includes('\n')).toBe(false);
      }),
    );
  });
});
