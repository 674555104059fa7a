import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHex } from '../branding/contrast';
import { SHOP_DESCRIPTION_MAX } from '../constants';
import {
  BADGE_TONE_COLORS,
  badgeTone,
  cardAction,
  cardBadges,
  cutDescription,
  learnMoreHref,
  startVisitPath,
} from './cards';

const tags = (...labels: [string, boolean?][]) => ({
  benefits: [],
  tags: labels.map(([label, main]) => ({ label, ...(main ? { main } : {}) })),
});

describe('card badges (002 §2.6)', () => {
  it('shows the main tag, then Labs or Supplements, once each', () => {
    expect(cardBadges({ type: 'lab', shop: tags(['Labs', true]) })).toEqual([
      { label: 'Labs', tone: 'labs' },
    ]);
    expect(cardBadges({ type: 'supplement', shop: tags(['Energy', true], ['Longevity']) })).toEqual([
      { label: 'Energy', tone: 'energy' },
      { label: 'Supplements', tone: 'supplements' },
    ]);
    expect(cardBadges({ type: 'medication', shop: tags(['Metabolic', true]) })).toEqual([
      { label: 'Metabolic', tone: 'metabolic' },
    ]);
    expect(cardBadges({ type: 'medication', shop: tags(['Longevity']) })).toEqual([]);
  });

  it('colours by tag, any case; every other tag is neutral', () => {
    expect(badgeTone('ENERGY')).toBe('energy');
    expect(badgeTone(' metabolic ')).toBe('metabolic');
    expect(badgeTone('Heart health')).toBe('other');
  });

  it('keeps every badge at 4.5:1 contrast', () => {
    for (const [tone, c] of Object.entries(BADGE_TONE_COLORS)) {
      const ratio = contrastRatio(parseHex(c.text)!, parseHex(c.background)!);
      expect(ratio, tone).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('cutDescription (002 §9: 126 characters)', () => {
  it('leaves a short text whole', () => {
    expect(cutDescription('Short and sweet.')).toEqual({ text: 'Short and sweet.', cut: false });
    const exact = 'x'.repeat(SHOP_DESCRIPTION_MAX);
    expect(cutDescription(exact)).toEqual({ text: exact, cut: false });
  });

  it('cuts a long text on a word boundary, with the ellipsis inside the limit', () => {
    const long =
      'Monthly one-to-one coaching with a certified health coach who works with your physician to turn your labs and protocol into daily habits.';
    const { text, cut } = cutDescription(long);
    expect(cut).toBe(true);
    expect(text.length).toBeLessThanOrEqual(SHOP_DESCRIPTION_MAX);
    expect(text).toBe(
      'Monthly one-to-one coaching with a certified health coach who works with your physician to turn your labs and protocol into…',
    );
    expect(long.startsWith(text.slice(0, -1))).toBe(true);
  });

  it('cuts a text without spaces at the limit and trims trailing punctuation', () => {
    expect(cutDescription('y'.repeat(200)).text).toBe(`${'y'.repeat(125)}…`);
    const comma = `${'word '.repeat(24)}end, more words here`;
    expect(cutDescription(comma).text.endsWith(',…')).toBe(false);
  });
});

describe('card actions and links', () => {
  it('purchases labs and supplements, starts a visit for the others', () => {
    expect(cardAction('lab')).toBe('purchase');
    expect(cardAction('supplement')).toBe('purchase');
    expect(cardAction('medication')).toBe('start-visit');
    expect(cardAction('coaching_membership')).toBe('start-visit');
  });

  it('learns more on the product page, else on its landing', () => {
    expect(learnMoreHref({ _id: 'a1', type: 'lab', product_url: null })).toEqual({
      href: '/product/lab/a1',
      external: false,
    });
    expect(learnMoreHref({ _id: 'a1', type: 'lab', product_url: 'https://clinic.test/labs' })).toEqual({
      href: 'https://clinic.test/labs',
      external: true,
    });
    expect(learnMoreHref({ _id: 'a1', type: 'lab', product_url: 'javascript:x' }).href).toBe(
      '/product/lab/a1',
    );
  });

  it('starts a visit with the intake template, or lets the start page find it', () => {
    expect(startVisitPath({ _id: 'p1', intake_template: 'i1' })).toBe('/start/i1/p/p1');
    expect(startVisitPath({ _id: 'p1', intake_template: null })).toBe('/start/product/p/p1');
  });
});
