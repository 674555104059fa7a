import type { Appointment } from '@portal/domain/contracts/appointment';
import type { Order } from '@portal/domain/contracts/order';
import type { Organization } from '@portal/domain/contracts/organization';
import type { Subscription } from '@portal/domain/contracts/subscription';
import { vi } from 'vitest';
import { GENERIC_ID } from '../../../test/fixtures/funnel';
import { ORG_ID, USER_ID } from '../../../test/helpers';

export const SUB_ID = '5ab000000000000000000001';
export const ORDER_ID = '0de000000000000000000001';

export function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    _id: SUB_ID,
    status: 'active',
    type: 'medication',
    name: 'Generic Rapamycin',
    duration: 3,
    product_plans: [
      {
        product_template: {
          _id: GENERIC_ID,
          name: 'Generic Rapamycin',
          product_name: 'Generic Rapamycin (Sirolimus)',
          product_images: [],
          membership: null,
          attachments: [],
        },
        product: '9d0000000000000000000001',
        quantity: 1,
        duration: 3,
        unit_amount: 26100,
        dosage: '6 mg',
        frequency: 'Once weekly',
      },
    ],
    prescriptions: [],
    schedule_details: null,
    current_period_start: '2026-01-01T00:00:00.000Z',
    reschedule_date: null,
    subscription_id: 'sub_sandbox_1',
    cancellation_info: { cancellation_attempt: 0 },
    coaching_info: null,
    intake: null,
    membership: null,
    promo_code: null,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function coachingSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return subscription({
    _id: '5ab0000000000000000000c0',
    type: 'coaching_membership',
    name: 'Longevity Coaching',
    product_plans: [],
    ...overrides,
  });
}

export function order(overrides: Partial<Order> = {}): Order {
  return {
    _id: ORDER_ID,
    name: '2026_03_01 Comprehensive Longevity Panel',
    user: USER_ID,
    organization: ORG_ID,
    product_template: '1ab000000000000000000001',
    product: '1ab000000000000000000002',
    product_name: 'Comprehensive Longevity Panel',
    product_type: 'lab',
    quantity: 1,
    promo_code: null,
    status: 'created',
    subtotal_amount: 39900,
    discount_amount: 0,
    amount: 39900,
    currency: 'usd',
    submitted_at: null,
    created_at: '2026-03-01T00:00:00.000Z',
    ...overrides,
  };
}

export function appointment(overrides: Partial<Appointment['event']> = {}, kind = 'coaching'): Appointment {
  return {
    _id: 'a9a000000000000000000001',
    event: {
      name: 'Coaching session',
      start_time: '2030-07-01T17:00:00.000Z',
      end_time: '2030-07-01T17:30:00.000Z',
      canceled: false,
      external_source: null,
      uuid: null,
      location: 'https://meet.example.com/room-1',
      ...overrides,
    },
    event_type: { kind: kind as Appointment['event_type']['kind'] },
    physician: null,
    subscription_id: null,
    created_at: '2026-03-01T00:00:00.000Z',
  };
}

export function organization(settings: Partial<Organization['settings']> & Record<string, unknown> = {}) {
  return {
    _id: ORG_ID,
    name: 'Evergreen Longevity',
    domain: 'localhost',
    app_url: 'http://localhost',
    settings: {
      name: 'Evergreen',
      logo: '',
      favicons: { icon: '/favicon.ico' },
      brand: { primary_color: '#0f8a5f' },
      support_email: 'care@example.com',
      login: { image_v3: '/hero.jpg', testimonials: [] },
      dropdown_links: [],
      verification: { has_mobile_verification: true },
      ...settings,
    },
  } as Organization;
}

/** jsdom has no canvas: the confetti finds no drawing context and draws nothing. */
export function withoutCanvas() {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
}

/** A window that asks for reduced motion (or not). */
export function reducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query.includes('prefers-reduced-motion') ? reduce : false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    })),
  );
}
