import { describe, expect, it } from 'vitest';
import { addExclusive } from './exclusive-products';

// The demo catalogue's pair: generic and compounded rapamycin share a group; NAD+ has none.
const groups: Record<string, string> = { 'pt-generic': 'rapamycin', 'pt-compounded': 'rapamycin' };
const groupOf = (template: string) => groups[template];
const item = (template: string, id = template) => ({ id, product_template: template });
const templateOf = (i: { product_template: string }) => i.product_template;

describe('addExclusive', () => {
  it('removes compounded rapamycin when generic is added', () => {
    const result = addExclusive(
      [item('pt-compounded'), item('pt-nad')],
      item('pt-generic'),
      templateOf,
      groupOf,
    );
    expect(result.selection.map((i) => i.id)).toEqual(['pt-nad', 'pt-generic']);
    expect(result.removed.map((i) => i.id)).toEqual(['pt-compounded']);
  });

  it('removes generic rapamycin when compounded is added', () => {
    const result = addExclusive([item('pt-generic')], item('pt-compounded'), templateOf, groupOf);
    expect(result.selection.map((i) => i.id)).toEqual(['pt-compounded']);
    expect(result.removed.map((i) => i.id)).toEqual(['pt-generic']);
  });

  it('replaces an item of the same template and leaves other products alone', () => {
    const result = addExclusive(
      [item('pt-generic', 'old'), item('pt-nad')],
      item('pt-generic', 'new'),
      templateOf,
      groupOf,
    );
    expect(result.selection.map((i) => i.id)).toEqual(['pt-nad', 'new']);
    expect(result.removed).toEqual([]);
  });

  it('adds a product without a group without removing anything', () => {
    const result = addExclusive([item('pt-generic')], item('pt-nad'), templateOf, groupOf);
    expect(result.selection.map((i) => i.id)).toEqual(['pt-generic', 'pt-nad']);
    expect(result.removed).toEqual([]);
  });

  it('keeps groups apart: a product of another group stays', () => {
    const withOther = (t: string) => (t === 'pt-nmn' || t === 'pt-nr' ? 'nad' : groupOf(t));
    const result = addExclusive([item('pt-generic'), item('pt-nmn')], item('pt-nr'), templateOf, withOther);
    expect(result.selection.map((i) => i.id)).toEqual(['pt-generic', 'pt-nr']);
    expect(result.removed.map((i) => i.id)).toEqual(['pt-nmn']);
  });
});
