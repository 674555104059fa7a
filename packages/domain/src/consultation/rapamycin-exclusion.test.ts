import { describe, expect, it } from 'vitest';
import { addWithRapamycinExclusion, excludedRapamycinTemplate } from './rapamycin-exclusion';

const ids = { generic: 'pt-generic', compounded: 'pt-compounded' };
const item = (template: string, id = template) => ({ id, product_template: template });
const templateOf = (i: { product_template: string }) => i.product_template;

describe('excludedRapamycinTemplate', () => {
  it('pairs generic and compounded', () => {
    expect(excludedRapamycinTemplate('pt-generic', ids)).toBe('pt-compounded');
    expect(excludedRapamycinTemplate('pt-compounded', ids)).toBe('pt-generic');
    expect(excludedRapamycinTemplate('pt-nad', ids)).toBeNull();
  });
});

describe('addWithRapamycinExclusion', () => {
  it('removes compounded rapamycin when generic is added', () => {
    const result = addWithRapamycinExclusion(
      [item('pt-compounded'), item('pt-nad')],
      item('pt-generic'),
      templateOf,
      ids,
    );
    expect(result.selection.map((i) => i.id)).toEqual(['pt-nad', 'pt-generic']);
    expect(result.removed.map((i) => i.id)).toEqual(['pt-compounded']);
  });

  it('removes generic rapamycin when compounded is added', () => {
    const result = addWithRapamycinExclusion([item('pt-generic')], item('pt-compounded'), templateOf, ids);
    expect(result.selection.map((i) => i.id)).toEqual(['pt-compounded']);
    expect(result.removed.map((i) => i.id)).toEqual(['pt-generic']);
  });

  it('replaces an item of the same template and leaves other products alone', () => {
    const result = addWithRapamycinExclusion(
      [item('pt-generic', 'old'), item('pt-nad')],
      item('pt-generic', 'new'),
      templateOf,
      ids,
    );
    expect(result.selection.map((i) => i.id)).toEqual(['pt-nad', 'new']);
    expect(result.removed).toEqual([]);
  });

  it('adds a non-rapamycin product without removing anything', () => {
    const result = addWithRapamycinExclusion([item('pt-generic')], item('pt-nad'), templateOf, ids);
    expect(result.selection.map((i) => i.id)).toEqual(['pt-generic', 'pt-nad']);
    expect(result.removed).toEqual([]);
  });
});
