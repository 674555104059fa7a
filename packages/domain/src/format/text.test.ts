import { describe, expect, it } from 'vitest';
import { titleCase } from './text';

describe('titleCase', () => {
  it('capitalises words and parts after hyphens and apostrophes', () => {
    expect(titleCase("mary-jane o'neil")).toBe("Mary-Jane O'Neil");
    expect(titleCase('jean-luc picard')).toBe('Jean-Luc Picard');
    expect(titleCase('d’angelo')).toBe('D’Angelo');
  });

  it('lowercases words written in a single case', () => {
    expect(titleCase('JOHN SMITH')).toBe('John Smith');
    expect(titleCase("O'NEIL")).toBe("O'Neil");
  });

  it('keeps deliberate mixed case', () => {
    expect(titleCase('McDonald')).toBe('McDonald');
    expect(titleCase('DeVito')).toBe('DeVito');
  });

  it('trims and collapses whitespace', () => {
    expect(titleCase('  anna   maria \t lee ')).toBe('Anna Maria Lee');
    expect(titleCase('   ')).toBe('');
    expect(titleCase('')).toBe('');
  });

  it('handles accented letters', () => {
    expect(titleCase('élodie ÉMILE')).toBe('Élodie Émile');
  });
});
