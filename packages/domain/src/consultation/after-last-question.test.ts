import { describe, expect, it } from 'vitest';
import { afterAddOnsTarget, afterLastQuestionTarget, afterPreferencesTarget } from './after-last-question';

const base = { intakeTemplateId: 'tpl-generic', protocolSelectionTemplateId: 'tpl-compounded' };

describe('afterLastQuestionTarget', () => {
  it('goes to membership signup first', () => {
    expect(
      afterLastQuestionTarget({ ...base, membershipId: 'm1', productTemplateId: 'pt1', labProductId: 'l1' }),
    ).toEqual({ section: 'membership', membershipId: 'm1' });
  });

  it('goes to protocol selection for the one template', () => {
    expect(
      afterLastQuestionTarget({ ...base, intakeTemplateId: 'tpl-compounded', productTemplateId: 'pt1' }),
    ).toEqual({ section: 'protocol-selection' });
  });

  it('goes to product configuration checkout when a product is chosen', () => {
    expect(afterLastQuestionTarget({ ...base, productTemplateId: 'pt1', labProductId: 'l1' })).toEqual({
      section: 'product-configure',
      route: 'treatment-checkout',
      productTemplateId: 'pt1',
    });
  });

  it('goes to lab checkout for a lab product', () => {
    expect(afterLastQuestionTarget({ ...base, labProductId: 'l1', productDefaults: ['pt2'] })).toEqual({
      section: 'lab-checkout',
      labProductId: 'l1',
    });
  });

  it('goes to treatment selection when the template offers treatments', () => {
    expect(afterLastQuestionTarget({ ...base, productDefaults: ['pt2', 'pt3'] })).toEqual({
      section: 'product-configure',
      route: 'treatment-selection',
      productTemplateId: 'pt2',
    });
  });

  it('otherwise goes to the ID photo step', () => {
    expect(afterLastQuestionTarget({ ...base, productDefaults: [] })).toEqual({
      section: 'identification-step',
      photoType: 'verify_account',
    });
    expect(afterLastQuestionTarget({ intakeTemplateId: 'x' })).toEqual({
      section: 'identification-step',
      photoType: 'verify_account',
    });
  });
});

describe('afterPreferencesTarget', () => {
  it('goes to add-ons when the template has add-on products', () => {
    expect(afterPreferencesTarget(true, false)).toEqual({ section: 'treatment' });
  });

  it('goes to checkout, or identification first when the profile is incomplete', () => {
    expect(afterPreferencesTarget(false, true)).toEqual({ section: 'checkout' });
    expect(afterPreferencesTarget(false, false)).toEqual({
      section: 'identification-step',
      photoType: 'verify_account',
    });
  });
});

describe('afterAddOnsTarget', () => {
  it('uses section checkout when the profile check passes, otherwise identification-step', () => {
    expect(afterAddOnsTarget(true)).toEqual({ section: 'checkout', photoType: 'verify_account' });
    expect(afterAddOnsTarget(false)).toEqual({ section: 'identification-step', photoType: 'verify_account' });
  });
});
