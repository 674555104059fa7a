import { describe, expect, it } from 'vitest';
import type { Intake } from '../contracts/intake';
import { VISIT_FOLLOW_UPS } from './visit-templates';

const ORG = '5f0000000000000000000001';

/** A visit with only the fields the templates are chosen by. */
const visit = (over: Partial<Intake>): Intake =>
  ({
    intake_template: 'template-a',
    products: [],
    patient_complete: false,
    physician_review: false,
    closed: false,
    ...over,
  }) as Intake;

describe('the reads that follow a visits read (POST /v2/batch follow)', () => {
  it('reads the intake template of each open visit once, by the address the Continue cards ask for', () => {
    const urls = VISIT_FOLLOW_UPS['continue-templates'](ORG, [
      visit({ intake_template: 'template-a' }),
      visit({ intake_template: 'template-a' }),
      visit({ intake_template: 'template-b' }),
      visit({ intake_template: 'template-c', closed: true }),
    ]);
    expect(urls).toEqual([
      `/intake-template/${ORG}/template/template-a`,
      `/intake-template/${ORG}/template/template-b`,
    ]);
  });

  it('reads the product templates of the submitted visits in one call, ids joined as the client writes them', () => {
    const product = (id: string) => ({ product_template: id });
    const urls = VISIT_FOLLOW_UPS['review-templates'](ORG, [
      visit({ patient_complete: true, products: [product('p1'), product('p2')] }),
      visit({ patient_complete: true, products: [product('p2'), product('p3')] }),
      visit({ patient_complete: true, physician_review: true, products: [product('reviewed')] }),
      visit({ products: [product('unfinished')] }),
    ]);
    expect(urls).toEqual([`/product-templates/${ORG}/many?ids=p1%2Cp2%2Cp3`]);
  });

  it('follows with nothing when no visit is waiting', () => {
    expect(VISIT_FOLLOW_UPS['review-templates'](ORG, [visit({})])).toEqual([]);
    expect(VISIT_FOLLOW_UPS['continue-templates'](ORG, [])).toEqual([]);
  });
});
