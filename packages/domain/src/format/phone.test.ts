import { describe, expect, it } from 'vitest';
import { formatUsNumber, isValidUsNumber, maskPhone, nationalNumber } from './phone';

describe('maskPhone', () => {
  it('applies (###) ###-#### as the user types', () => {
    expect(maskPhone('')).toBe('');
    expect(maskPhone('2')).toBe('(2');
    expect(maskPhone('212')).toBe('(212');
    expect(maskPhone('2125')).toBe('(212) 5');
    expect(maskPhone('212555')).toBe('(212) 555');
    expect(maskPhone('2125551')).toBe('(212) 555-1');
    expect(maskPhone('2125551234')).toBe('(212) 555-1234');
  });

  it('drops non-digits, extra digits and a leading 1 of an 11-digit entry', () => {
    expect(maskPhone('(212) 555-1234')).toBe('(212) 555-1234');
    expect(maskPhone('+1 212 555 1234')).toBe('(212) 555-1234');
    expect(maskPhone('12125551234')).toBe('(212) 555-1234');
    expect(maskPhone('212555123456')).toBe('(212) 555-1234');
    expect(maskPhone('abc')).toBe('');
  });

  it('produces 14 characters for a complete number', () => {
    expect(maskPhone('2125551234')).toHaveLength(14);
  });
});

describe('nationalNumber', () => {
  it('keeps digits and drops a +1 / 1 country code', () => {
    expect(nationalNumber('(212) 555-1234')).toBe('2125551234');
    expect(nationalNumber('+1 (212) 555-1234')).toBe('2125551234');
    expect(nationalNumber('1-212-555-1234')).toBe('2125551234');
    expect(nationalNumber('2125551234')).toBe('2125551234');
    expect(nationalNumber('')).toBe('');
  });

  it('does not strip a 1 from shorter input', () => {
    expect(nationalNumber('1212555123')).toBe('1212555123');
  });
});

describe('isValidUsNumber', () => {
  it('accepts NANP numbers in any common notation', () => {
    expect(isValidUsNumber('(212) 555-1234')).toBe(true);
    expect(isValidUsNumber('2125551234')).toBe(true);
    expect(isValidUsNumber('+1 212 555 1234')).toBe(true);
    expect(isValidUsNumber('212.555.1234')).toBe(true);
    expect(isValidUsNumber('(999) 299-0000')).toBe(true);
  });

  it('rejects area codes or exchanges starting with 0 or 1', () => {
    expect(isValidUsNumber('(012) 555-1234')).toBe(false);
    expect(isValidUsNumber('(112) 555-1234')).toBe(false);
    expect(isValidUsNumber('(212) 055-1234')).toBe(false);
    expect(isValidUsNumber('(212) 155-1234')).toBe(false);
  });

  it('rejects wrong lengths and letters', () => {
    expect(isValidUsNumber('')).toBe(false);
    expect(isValidUsNumber('(212) 555-123')).toBe(false);
    expect(isValidUsNumber('21255512345')).toBe(false);
    expect(isValidUsNumber('+44 20 7946 0958')).toBe(false);
    expect(isValidUsNumber('212-555-CALL')).toBe(false);
  });
});

describe('formatUsNumber', () => {
  it('formats valid numbers and rejects invalid ones', () => {
    expect(formatUsNumber('+12125551234')).toBe('(212) 555-1234');
    expect(formatUsNumber('0125551234')).toBeNull();
  });
});
