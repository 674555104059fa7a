import { describe, expect, it } from 'vitest';
import {
  AA_TEXT,
  brandShades,
  contrastRatio,
  parseHex,
  relativeLuminance,
  softTint,
  toHex,
} from './contrast';

const ratio = (a: string, b: string) => contrastRatio(parseHex(a)!, parseHex(b)!);

describe('contrast', () => {
  it('measures as WCAG does', () => {
    expect(relativeLuminance([0, 0, 0])).toBe(0);
    expect(relativeLuminance([255, 255, 255])).toBe(1);
    expect(ratio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(ratio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    // the seeded green clinic: white on its colour falls short of AA
    expect(ratio('#0f8a5f', '#ffffff')).toBeCloseTo(4.36, 2);
  });

  it('reads 3 and 6 digit colours with or without #, and nothing else', () => {
    expect(parseHex('#0f8')).toEqual([0, 255, 136]);
    expect(parseHex('2B4ACB')).toEqual([43, 74, 203]);
    expect(parseHex('green')).toBeNull();
    expect(parseHex('#12345')).toBeNull();
  });
});

describe('brandShades', () => {
  it('darkens the green clinic just enough for white text, and its text colour for the grey page', () => {
    const shades = brandShades('#0f8a5f');
    expect(shades.onSolid).toBe('#ffffff');
    expect(shades.solid).not.toBe('#0f8a5f');
    expect(ratio(shades.solid, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    // the lightest shade that passes: one step lighter fails
    expect(ratio(shades.solid, '#ffffff')).toBeLessThan(4.8);
    expect(ratio(shades.text, '#f7f8fa')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(ratio(shades.text, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(ratio(shades.text, toHex(softTint(parseHex('#0f8a5f')!)))).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('keeps the blue clinic as it is: white on it already passes', () => {
    expect(brandShades('#2b4acb')).toEqual({ solid: '#2b4acb', onSolid: '#ffffff', text: '#2b4acb' });
  });

  it('keeps a light brand colour with dark text rather than darkening it to mud', () => {
    const shades = brandShades('#ffd23f');
    expect(shades.solid).toBe('#ffd23f');
    expect(shades.onSolid).toBe('#14181e');
    expect(ratio(shades.solid, shades.onSolid)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(ratio(shades.text, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('meets the ratio for every colour of a sweep, whichever text it picks', () => {
    for (let r = 0; r <= 255; r += 51)
      for (let g = 0; g <= 255; g += 51)
        for (let b = 0; b <= 255; b += 51) {
          const hex = `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
          const shades = brandShades(hex);
          expect(ratio(shades.solid, shades.onSolid), hex).toBeGreaterThanOrEqual(AA_TEXT);
          expect(ratio(shades.text, '#f7f8fa'), hex).toBeGreaterThanOrEqual(AA_TEXT);
          expect(ratio(shades.text, toHex(softTint(parseHex(hex)!))), hex).toBeGreaterThanOrEqual(AA_TEXT);
        }
  });

  it('falls back to the portal teal for an unreadable colour', () => {
    expect(brandShades('not a colour').onSolid).toBe('#ffffff');
    expect(ratio(brandShades('not a colour').solid, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
  });
});
