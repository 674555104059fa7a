import { describe, expect, it } from 'vitest';
import { mapServerMessage } from '../messages';
import {
  isLabRestrictedState,
  LAB_STATE_SERVER_MESSAGE,
  labAvailability,
  labStateMessageFromServer,
} from './availability';

const MESSAGE =
  'Due to regulatory restrictions prohibiting the online prescribing of lab testing, we cannot provide lab testing in NY, NJ and RI.';

describe('isLabRestrictedState (002 §5, §9)', () => {
  it.each([['NY'], ['NJ'], ['RI'], ['ny'], [' nj '], ['New York'], ['new  jersey'], ['Rhode Island']])(
    'refuses labs in %s',
    (state) => {
      expect(isLabRestrictedState(state)).toBe(true);
    },
  );

  it.each([
    ['CA'],
    ['TX'],
    ['PA'],
    ['CT'],
    ['NYC'],
    ['N'],
    ['York'],
    ['New Mexico'],
    [''],
    [null],
    [undefined],
  ])('does not refuse labs in %s', (state) => {
    expect(isLabRestrictedState(state)).toBe(false);
  });
});

describe('labAvailability', () => {
  it('gives the message of 002 §8, to the letter, where labs cannot be offered', () => {
    expect(labAvailability('NJ')).toEqual({ available: false, message: MESSAGE });
  });

  it('offers labs elsewhere', () => {
    expect(labAvailability('FL')).toEqual({ available: true });
    expect(labAvailability(null)).toEqual({ available: true });
  });
});

describe("the server's refusal (002 §8)", () => {
  it('maps "Invalid state for walk-in phlebotomy" to the restricted-state message', () => {
    expect(LAB_STATE_SERVER_MESSAGE).toBe('Invalid state for walk-in phlebotomy');
    expect(labStateMessageFromServer('Invalid state for walk-in phlebotomy')).toBe(MESSAGE);
    expect(labStateMessageFromServer(' Invalid state for walk-in phlebotomy ')).toBe(MESSAGE);
  });

  it('leaves any other server message to the usual mapping', () => {
    expect(labStateMessageFromServer('Invalid state')).toBeNull();
    expect(labStateMessageFromServer('invalid state for walk-in phlebotomy')).toBeNull();
    expect(labStateMessageFromServer('')).toBeNull();
    expect(labStateMessageFromServer(null)).toBeNull();
  });

  it('agrees with the catalogue of server messages', () => {
    expect(mapServerMessage(LAB_STATE_SERVER_MESSAGE)).toBe(
      labStateMessageFromServer(LAB_STATE_SERVER_MESSAGE),
    );
  });
});
