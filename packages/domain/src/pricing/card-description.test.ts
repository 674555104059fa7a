import { describe, expect, it } from 'vitest';
import { cardDescription, shopCardDescription, truncateAtWord } from './card-description';

describe('truncateAtWord', () => {
  it('returns text within the limit unchanged', () => {
    expect(truncateAtWord('Once weekly rapamycin.', 22)).toBe('Once weekly rapamycin.');
  });

  it('cuts at the last word boundary within the limit', () => {
    // limit 12 in "Once weekly rapamycin": head "Once weekly " ends in a space -> "Once weekly"
    expect(truncateAtWord('Once weekly rapamycin', 12)).toBe('Once weekly...');
    // limit 14: head "Once weekly ra" -> drop the partial word -> "Once weekly"
    expect(truncateAtWord('Once weekly rapamycin', 14)).toBe('Once weekly...');
  });

  it('keeps a whole last word when the cut falls right before a space', () => {
    // limit 11: "Once weekly" is followed by a space, so the word is whole
    expect(truncateAtWord('Once weekly rapamycin', 11)).toBe('Once weekly...');
  });

  it('hard-cuts a single word longer than the limit', () => {
    expect(truncateAtWord('Supercalifragilistic', 5)).toBe('Super...');
  });
});

describe('cardDescription', () => {
  it('cuts at 182 characters at a word boundary', () => {
    // "abcd " x 40 = 200 chars; the first 182 are 36 x "abcd " (180) + "ab";
    // the partial "ab" goes, leaving 36 words = 36 x 5 - 1 = 179 chars
    const text = 'abcd '.repeat(40).trim();
    const cut = cardDescription(text);
    expect(cut).toBe(`${'abcd '.repeat(36).trim()}...`);
    expect(cut.length - 3).toBe(179);
  });

  it('keeps a 182-character word that ends exactly at the limit', () => {
    const word = 'a'.repeat(182);
    expect(cardDescription(`${word} tail`)).toBe(`${word}...`);
  });

  it('leaves a description of 182 characters as is', () => {
    const text = 'a'.repeat(182);
    expect(cardDescription(text)).toBe(text);
  });
});

describe('shopCardDescription', () => {
  it('cuts at 126 characters', () => {
    // 130 chars -> first 126 + "..."
    expect(shopCardDescription('y'.repeat(130))).toBe(`${'y'.repeat(126)}...`);
  });

  it('does not look for a word boundary', () => {
    // "abcd " x 30 = 150 chars; the first 126 are 25 x "abcd " (125) + "a"
    const text = 'abcd '.repeat(30).trim();
    expect(shopCardDescription(text)).toBe(`${'abcd '.repeat(25)}a...`);
  });

  it('leaves a description of 126 characters as is', () => {
    const text = 'y'.repeat(126);
    expect(shopCardDescription(text)).toBe(text);
  });
});
