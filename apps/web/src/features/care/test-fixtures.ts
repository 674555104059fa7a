import type { CareChart, CareQueueItem, CareQueuePage } from '@portal/domain/contracts/care';
import { FIXED_NOW } from '@portal/domain/testing/fixed-clock';
import { ORG_ID, patient, signIn } from '../../test/helpers';

export const STAFF_ID = '65a1b2c3d4e5f6a7b8c9d0f1';
export const PATIENT_ID = '65a1b2c3d4e5f6a7b8c9d0a1';
export const VISIT_ID = '65a1b2c3d4e5f6a7b8c9d0b1';
export const PRODUCT_ID = '65a1b2c3d4e5f6a7b8c9d0c1';

export const QUEUE = `GET /care/${ORG_ID}/queue`;
export const CHART = `GET /care/${ORG_ID}/patients/${PATIENT_ID}/chart`;

const HOUR = 3_600_000;
export const hoursAgo = (hours: number) => new Date(FIXED_NOW.getTime() - hours * HOUR).toISOString();

/** Signs a member of the clinic's staff in. */
export function signInStaff(role: 'physician' | 'care_team' | 'admin' = 'physician') {
  return signIn(
    patient({
      _id: STAFF_ID,
      role,
      first_name: 'Grace',
      last_name: 'House',
      email: 'physician@evergreen.test',
    }),
  );
}

export function queueItem(overrides: Partial<CareQueueItem> = {}): CareQueueItem {
  return {
    _id: VISIT_ID,
    patient: {
      _id: PATIENT_ID,
      first_name: 'Ada',
      last_name: 'Lovelace',
      age: 36,
      state: 'CA',
      verification_status: 'pending',
    },
    products: [{ product_template: PRODUCT_ID, name: 'Semaglutide' }],
    submitted_at: hoursAgo(51),
    waiting: { hours: 51, status: 'over_target', due_at: hoursAgo(3) },
    claimed_by: null,
    ...overrides,
  };
}

export function queuePage(items: CareQueueItem[], overrides: Partial<CareQueuePage> = {}): CareQueuePage {
  return { items, total: items.length, total_capped: false, next_cursor: null, ...overrides };
}

type Visit = CareChart['visits'][number];

export function chartVisit(overrides: Partial<Visit> = {}): Visit {
  return {
    _id: VISIT_ID,
    template: 'Weight loss',
    submitted_at: hoursAgo(51),
    patient_complete: true,
    physician_review: false,
    closed: false,
    awaiting_patient_update: {},
    products: [{ product_template: PRODUCT_ID, dosage: '0.25 mg', quantity: 4, shipping: { months: 3 } }],
    answers: [
      { question: 'Are you pregnant?', options: ['No'], text: null },
      { question: 'Anything else we should know?', options: [], text: 'Mild nausea with metformin.' },
    ],
    ...overrides,
  };
}

export function chart(overrides: Partial<CareChart> = {}): CareChart {
  return {
    patient: {
      _id: PATIENT_ID,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      mobile_number: '+15555550100',
      birthday: '1990-01-15',
      age: 36,
      sex: 'female',
      height: 66,
      weight: 180,
      state: 'CA',
      shipping_info: null,
      feature_flags: { labs2: false },
    },
    medical_history: { allergies: ['Penicillin'], pregnant: false },
    identity: {
      verification_status: 'pending',
      id_image_url: null,
      profile_image_url: null,
      requires_user_attention: false,
    },
    visits: [chartVisit()],
    subscriptions: [
      {
        _id: '65a1b2c3d4e5f6a7b8c9d0e2',
        name: 'Semaglutide monthly',
        status: 'awaiting_physician_review',
        created_at: hoursAgo(51),
      },
    ],
    orders: [],
    notifications: [
      {
        _id: '65a1b2c3d4e5f6a7b8c9d0e3',
        category: 'visit',
        message: 'Your visit was submitted.',
        read: false,
        created_at: hoursAgo(51),
      },
    ],
    notes: [
      {
        _id: '65a1b2c3d4e5f6a7b8c9d0e4',
        body: 'Called about her dosage history.',
        author: { _id: STAFF_ID, first_name: 'Carl', last_name: 'Team', role: 'care_team' },
        created_at: hoursAgo(5),
      },
    ],
    viewed_by: [{ _id: STAFF_ID, first_name: 'Carl', last_name: 'Team', role: 'care_team', at: hoursAgo(5) }],
    ...overrides,
  };
}
