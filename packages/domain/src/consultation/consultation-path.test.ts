import { describe, expect, it } from 'vitest';
import { consultationPath, dashboardPath, queryString, verificationPath } from './consultation-path';

const ctx = { userId: 'u1', intakeId: 'i1' };

describe('consultationPath', () => {
  it('builds the question/none paths', () => {
    expect(consultationPath({ section: 'hiw' }, ctx)).toBe('/consultation/hiw/u1/i1/question/none');
    expect(consultationPath({ section: 'profile' }, ctx)).toBe('/consultation/profile/u1/i1/question/none');
    expect(consultationPath({ section: 'pharmacy-overview' }, ctx)).toBe(
      '/consultation/pharmacy-overview/u1/i1/question/none',
    );
  });

  it('builds the pharmacy questions path with the step query', () => {
    expect(consultationPath({ section: 'pharmacy-questions', step: 1 }, ctx)).toBe(
      '/consultation/pharmacy-questions/u1/i1/question/current?step=1',
    );
  });

  it('builds the intake question path with a zero-based step', () => {
    expect(consultationPath({ section: 'intake', questionId: 'q7', step: 0 }, ctx)).toBe(
      '/consultation/intake/u1/i1/question/q7?step=0',
    );
  });

  it('builds protocol selection', () => {
    expect(consultationPath({ section: 'protocol-selection' }, ctx)).toBe(
      '/consultation/protocol-selection/i1',
    );
  });

  it('builds treatment-checkout and treatment-selection with their query', () => {
    const query = { product: 'prod1', intakeTemplateId: 't1', initialIntakeTemplateId: null };
    expect(
      consultationPath(
        { section: 'product-configure', route: 'treatment-checkout', productTemplateId: 'pt1' },
        { ...ctx, query },
      ),
    ).toBe('/consultation/product-configure/i1/p/pt1/checkout?product=prod1&intakeTemplateId=t1');
    expect(
      consultationPath(
        { section: 'product-configure', route: 'treatment-selection', productTemplateId: 'pt1' },
        ctx,
      ),
    ).toBe('/consultation/product-configure/i1/p/pt1/selection');
    expect(consultationPath({ section: 'product-configure', route: 'treatment-checkout' }, ctx)).toBe(
      '/consultation/product-configure/i1',
    );
  });

  it('builds identification, membership, lab and plain section paths', () => {
    expect(consultationPath({ section: 'identification-step', photoType: 'verify_account' }, ctx)).toBe(
      '/consultation/identification-step/i1/t/verify_account',
    );
    expect(consultationPath({ section: 'checkout', photoType: 'verify_account' }, ctx)).toBe(
      '/consultation/checkout/i1/t/verify_account',
    );
    expect(consultationPath({ section: 'checkout' }, ctx)).toBe('/consultation/checkout/i1');
    expect(consultationPath({ section: 'membership', membershipId: 'm1' }, ctx)).toBe(
      '/consultation/membership/i1/m/m1',
    );
    expect(consultationPath({ section: 'lab-checkout', labProductId: 'l1' }, ctx)).toBe(
      '/consultation/lab-checkout/i1/l/l1',
    );
    expect(consultationPath({ section: 'treatment' }, ctx)).toBe('/consultation/treatment/i1');
  });

  it('encodes path segments', () => {
    expect(consultationPath({ section: 'hiw' }, { userId: 'a/b', intakeId: 'c d' })).toBe(
      '/consultation/hiw/a%2Fb/c%20d/question/none',
    );
  });
});

describe('queryString', () => {
  it('leaves out empty values and encodes the rest', () => {
    expect(queryString({ a: 1, b: null, c: undefined, d: '', e: 'x y' })).toBe('?a=1&e=x%20y');
    expect(queryString({})).toBe('');
  });
});

describe('dashboardPath and verificationPath', () => {
  it('builds the dashboard targets', () => {
    expect(dashboardPath('u1')).toBe('/dashboard/u1/profile');
    expect(dashboardPath('u1', 'settings/notifications')).toBe('/dashboard/u1/settings/notifications');
  });

  it('builds the verification route', () => {
    expect(verificationPath('u1', 'id_image')).toBe('/verification/u1/id_image');
  });
});
