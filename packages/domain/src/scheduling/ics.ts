import { formatCallTime } from './format-slot';

/**
 * An iCalendar (RFC 5545) invitation for one appointment. The UID is the appointment's and never changes, so
 * a calendar updates the event it already holds; SEQUENCE grows with every reschedule and the cancellation,
 * so the newest message wins. Times are UTC (no VTIMEZONE to get wrong); the text a person reads gives the
 * time in the patient's own zone.
 */
export interface IcsInput {
  method: 'REQUEST' | 'CANCEL';
  /** The appointment id; made globally unique with `domain`. */
  appointmentId: string;
  domain: string;
  sequence: number;
  start: Date;
  end: Date;
  /** Issued at (DTSTAMP). */
  stamp: Date;
  summary: string;
  /** Extra lines of description after the time line. */
  description?: string | undefined;
  location?: string | null | undefined;
  url?: string | undefined;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** The patient's zone, for the time written in the description. */
  timeZone: string;
}

/** 20260302T170000Z */
export function icsDateTime(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** TEXT value escaping (RFC 5545 §3.3.11). */
export function escapeIcsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** A quoted parameter value may not hold a double quote. */
const paramValue = (value: string) => `"${value.replace(/"/g, "'")}"`;

/** Octets of a string in UTF-8. */
export function utf8Length(value: string): number {
  let octets = 0;
  for (const char of value) {
    const code = char.codePointAt(0)!;
    octets += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return octets;
}

/** Folds a content line at 75 octets (RFC 5545 §3.1), never inside a UTF-8 character. */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char);
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function buildIcs(input: IcsInput): string {
  const cancel = input.method === 'CANCEL';
  const when = formatCallTime(input.start, input.timeZone);
  const description = [
    cancel ? `Canceled: ${input.summary} on ${when}.` : `${input.summary} on ${when}.`,
    input.description,
  ]
    .filter(Boolean)
    .join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Patient Portal//Scheduling//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${input.method}`,
    'BEGIN:VEVENT',
    `UID:${input.appointmentId}@${input.domain}`,
    `SEQUENCE:${input.sequence}`,
    `DTSTAMP:${icsDateTime(input.stamp)}`,
    `DTSTART:${icsDateTime(input.start)}`,
    `DTEND:${icsDateTime(input.end)}`,
    `SUMMARY:${escapeIcsText(cancel ? `Canceled: ${input.summary}` : input.summary)}`,
    `DESCRIPTION:${escapeIcsText(description)}`,
    ...(input.location ? [`LOCATION:${escapeIcsText(input.location)}`] : []),
    ...(input.url ? [`URL:${input.url}`] : []),
    `ORGANIZER;CN=${paramValue(input.organizer.name)}:mailto:${input.organizer.email}`,
    `ATTENDEE;CN=${paramValue(input.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=${cancel ? 'DECLINED' : 'ACCEPTED'}:mailto:${input.attendee.email}`,
    `STATUS:${cancel ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    ...(cancel
      ? []
      : [
          'BEGIN:VALARM',
          'ACTION:DISPLAY',
          `DESCRIPTION:${escapeIcsText(input.summary)}`,
          'TRIGGER:-PT15M',
          'END:VALARM',
        ]),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}

/** Content lines of a calendar, unfolded, for reading one back (tests, webhooks). */
export function unfoldIcs(text: string): string[] {
  return text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((l) => l.length > 0);
}
