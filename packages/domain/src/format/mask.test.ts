import { describe, expect, it } from 'vitest';
import { BIRTHDAY_MASK, PHONE_MASK, PHONE_MASKED_LENGTH } from '../constants';
import { applyMask, maskBirthdayInput, maskCapacity, maskEdit, maskPhoneInput } from './mask';

/** Types the characters one by one as an input would, each keystroke going through the mask. */
function typeInto(mask: (input: string, previous: string) => string, keys: string): string[] {
  const seen: string[] = [];
  let value = '';
  for (const key of keys) {
    value = mask(value + key, value);
    seen.push(value);
  }
  return seen;
}

describe('applyMask', () => {
  it('counts the digit slots of the patterns', () => {
    expect(maskCapacity(PHONE_MASK)).toBe(10);
    expect(maskCapacity(BIRTHDAY_MASK)).toBe(8);
  });

  it('writes a separator only once a digit follows it', () => {
    expect(applyMask(PHONE_MASK, '')).toBe('');
    expect(applyMask(PHONE_MASK, '5')).toBe('(5');
    expect(applyMask(PHONE_MASK, '555')).toBe('(555');
    expect(applyMask(PHONE_MASK, '5551')).toBe('(555) 1');
    expect(applyMask(PHONE_MASK, '5551234567')).toBe('(555) 123-4567');
    expect(applyMask(BIRTHDAY_MASK, '06')).toBe('06');
    expect(applyMask(BIRTHDAY_MASK, '061')).toBe('06-1');
  });

  it('drops non-digits and digits beyond the pattern', () => {
    expect(applyMask(PHONE_MASK, 'abc')).toBe('');
    expect(applyMask(PHONE_MASK, '555-123-4567 ext 89')).toBe('(555) 123-4567');
    expect(applyMask(BIRTHDAY_MASK, '06/15/1990 and more 12')).toBe('06-15-1990');
  });
});

describe('maskPhoneInput', () => {
  it('masks as the patient types, ending at the full length', () => {
    const steps = typeInto(maskPhoneInput, '5551234567');
    expect(steps).toEqual([
      '(5',
      '(55',
      '(555',
      '(555) 1',
      '(555) 12',
      '(555) 123',
      '(555) 123-4',
      '(555) 123-45',
      '(555) 123-456',
      '(555) 123-4567',
    ]);
    expect(steps.at(-1)).toHaveLength(PHONE_MASKED_LENGTH);
  });

  it('ignores letters and symbols typed in between', () => {
    expect(typeInto(maskPhoneInput, '55a5-1x2').at(-1)).toBe('(555) 12');
  });

  it('keeps the ten digits of a pasted number with its +1 country code', () => {
    expect(maskPhoneInput('+1 (555) 123-4567')).toBe('(555) 123-4567');
    expect(maskPhoneInput('+1 (555) 123-4567', '(212) 5')).toBe('(555) 123-4567');
    expect(maskPhoneInput('15551234567')).toBe('(555) 123-4567');
    expect(maskPhoneInput('555.123.4567')).toBe('(555) 123-4567');
  });

  it('deletes digit by digit from the end, separators going with the digit before them', () => {
    const deletions: string[] = [];
    let value = '(555) 123-4567';
    while (value !== '') {
      value = maskPhoneInput(value.slice(0, -1), value);
      deletions.push(value);
    }
    expect(deletions).toEqual([
      '(555) 123-456',
      '(555) 123-45',
      '(555) 123-4',
      '(555) 123',
      '(555) 12',
      '(555) 1',
      '(555',
      '(55',
      '(5',
      '',
    ]);
  });

  it('removes the digit before a separator deleted alone (the key never seems dead)', () => {
    // backspace on the '-' of '(555) 123-4567'
    expect(maskPhoneInput('(555) 1234567', '(555) 123-4567')).toBe('(555) 124-567');
    // backspace on the ')'
    expect(maskPhoneInput('(555 123-4567', '(555) 123-4567')).toBe('(551) 234-567');
  });

  it('deletes a selected middle part', () => {
    expect(maskPhoneInput('(555) 4567', '(555) 123-4567')).toBe('(555) 456-7');
  });
});

describe('maskBirthdayInput', () => {
  it('masks as the patient types MM-DD-YYYY', () => {
    expect(typeInto(maskBirthdayInput, '06151990')).toEqual([
      '0',
      '06',
      '06-1',
      '06-15',
      '06-15-1',
      '06-15-19',
      '06-15-199',
      '06-15-1990',
    ]);
  });

  it('takes a pasted date in another notation', () => {
    expect(maskBirthdayInput('06/15/1990')).toBe('06-15-1990');
    expect(maskBirthdayInput('06.15.1990', '06-1')).toBe('06-15-1990');
  });

  it('deletes back through the dashes', () => {
    expect(maskBirthdayInput('06-15-', '06-15-1')).toBe('06-15');
    expect(maskBirthdayInput('06-1', '06-15')).toBe('06-1');
    expect(maskBirthdayInput('0615', '06-15')).toBe('01-5');
    expect(maskBirthdayInput('06-151990', '06-15-1990')).toBe('06-11-990');
  });
});

describe('maskEdit', () => {
  it('is plain masking when nothing was there before', () => {
    expect(maskEdit(PHONE_MASK, '', '5551234567')).toBe('(555) 123-4567');
  });
});
