import { NOTIFICATIONS_PAGE_SIZE } from '@portal/domain/constants';
import type { Intake } from '@portal/domain/contracts/intake';
import { VISIT_FOLLOW_UPS, type VisitFollowUp } from '@portal/domain/dashboard/visit-templates';
import { VERIFICATION_ALERT_TEXTS } from '@portal/domain/verification/alert';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { batching } from '../lib/api-client';
import { intake, intakeTemplate, productTemplate } from '../test/fixtures/funnel';
import {
  json,
  mockApi,
  ORG_ID,
  patient,
  type RecordedRequest,
  renderRoute,
  setOrganization,
  tokenExpiringIn,
  USER_ID,
} from '../test/helpers';
import { ensureSignedIn } from './guards';

const PATIENT = `GET /users/${ORG_ID}/user/${USER_ID}/patient`;
const CALLS = `GET /v2/appointments/${ORG_ID}/user/${USER_ID}`;

/** A tab opened afresh: the token and the stored routing subset, no record in memory. */
function reloaded(fields: Record<string, unknown> = {}): void {
  localStorage.setItem('token', tokenExpiringIn(3600));
  localStorage.setItem(
    'user',
    JSON.stringify({
      _id: USER_ID,
      organization: ORG_ID,
      first_name: 'Ada',
      verificationStatus: 'not_started',
      ...fields,
    }),
  );
}

/** The patient's record, held back until `release` is called. */
function heldRecord(): { answer: () => Promise<Response>; release: () => void } {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    answer: async () => {
      await held;
      return json(200, patient({ first_name: 'Ada' }));
    },
    release: () => release(),
  };
}

const calls = (requests: RecordedRequest[]) =>
  requests.filter((r) => `GET ${r.path}` === `${CALLS}?productVariant=user-verification`);

beforeEach(() => setOrganization());

describe('the first load of a signed-in page', () => {
  it("reads an unverified patient's booked verification calls beside the record, once", async () => {
    reloaded();
    const record = heldRecord();
    const requests = mockApi({ [PATIENT]: record.answer, [CALLS]: json(200, []) });
    renderRoute('/orders');
    // asked while the record is still out, not after the shell is drawn
    await waitFor(() => expect(calls(requests)).toHaveLength(1));
    record.release();
    const bar = await screen.findByRole('region', { name: 'Identity verification' });
    // the shell's first frame has the bar's message: the calls came back beside the record
    expect(bar.querySelector('.verification-bar__text--holding')).toBeNull();
    expect(bar).toHaveTextContent(VERIFICATION_ALERT_TEXTS.notVerified);
    expect(calls(requests)).toHaveLength(1);
  });

  it('gives the page its patient once the verification calls read beside the record are back too', async () => {
    reloaded();
    let releaseCalls = () => {};
    const callsHeld = new Promise<void>((resolve) => {
      releaseCalls = resolve;
    });
    let recordSent = () => {};
    const recordAnswered = new Promise<void>((resolve) => {
      recordSent = resolve;
    });
    mockApi({
      [PATIENT]: () => {
        recordSent();
        return json(200, patient({ first_name: 'Ada' }));
      },
      [CALLS]: async () => {
        await callsHeld;
        return json(200, []);
      },
    });
    let user: { first_name?: string } | undefined;
    const signedIn = ensureSignedIn(new Request('http://localhost/orders')).then((u) => {
      user = u;
    });
    await recordAnswered;
    // a turn of the event loop for the record's answer to be read: the guard still waits for the calls
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(user).toBeUndefined();
    releaseCalls();
    await signedIn;
    expect(user?.first_name).toBe('Ada');
  });

  it('reads nothing ahead for a verified patient', async () => {
    const verified = {
      verificationStatus: 'verified',
      verification_status: 'verified',
      verified: true,
    } as const;
    reloaded(verified);
    const requests = mockApi({ [PATIENT]: json(200, patient({ first_name: 'Ada', ...verified })) });
    renderRoute('/orders');
    await screen.findByRole('heading', { level: 1, name: 'Orders' });
    expect(calls(requests)).toHaveLength(0);
  });

  it('reads nothing ahead on the pages of a visit, which have no verification bar', async () => {
    reloaded();
    const requests = mockApi({ [PATIENT]: json(200, patient({ first_name: 'Ada' })) });
    renderRoute('/signup/profile');
    await waitFor(() => expect(requests.some((r) => `GET ${r.path}` === PATIENT)).toBe(true));
    expect(calls(requests)).toHaveLength(0);
  });

  it("reads the dashboard's look-ups beside the record, and the page takes their answers", async () => {
    reloaded({ verificationStatus: 'verified', verification_status: 'verified', verified: true });
    const record = heldRecord();
    const subscriptions = `GET /users/${ORG_ID}/user/${USER_ID}/subscriptions`;
    const orders = `GET /orders/${ORG_ID}/patient/${USER_ID}`;
    const requests = mockApi({
      [PATIENT]: record.answer,
      [subscriptions]: json(200, []),
      [orders]: json(200, []),
    });
    const asked = (key: string) => requests.filter((r) => `${r.method} ${r.path.split('?')[0]}` === key);
    renderRoute(`/dashboard/${USER_ID}/profile`);
    await waitFor(() => expect(asked(subscriptions)).toHaveLength(1));
    expect(asked(orders)).toHaveLength(1);
    record.release();
    await screen.findByRole('heading', { name: 'Welcome, Ada' });
    await waitFor(() => expect(asked(PATIENT)).toHaveLength(1));
    expect(asked(subscriptions)).toHaveLength(1);
    expect(asked(orders)).toHaveLength(1);
  });

  it("names the templates of the patient's visits as follow-ups of the visits reads, and the page takes them", async () => {
    reloaded({ verificationStatus: 'verified', verification_status: 'verified', verified: true });
    const record = heldRecord();
    const submitted = intake({
      _id: '5ab0000000000000000000a1',
      patient_complete: true,
      products: [{ product_template: '5ab0000000000000000000b1' } as Intake['products'][number]],
    });
    const unfinished = intake({
      _id: '5ab0000000000000000000a2',
      intake_template: '5ab0000000000000000000c1',
    });
    const answers: Record<string, unknown> = {
      [`/intakes/${ORG_ID}/patient/${USER_ID}`]: [submitted],
      [`/intakes/${ORG_ID}/patient/${USER_ID}/incomplete`]: [unfinished],
    };
    // the server's side of a batch: each read answered, and the follow-ups a visits read names
    type BatchRead = { url: string; follow?: VisitFollowUp };
    const answer = (url: string) =>
      url in answers ? { status: 200, body: answers[url] } : { status: 404, body: { text: 'NotFound' } };
    const batches: BatchRead[][] = [];
    batching.enabled = true;
    try {
      const requests = mockApi({
        [PATIENT]: record.answer,
        'POST /v2/batch': (request) => {
          const reads = (request.body as { requests: BatchRead[] }).requests;
          batches.push(reads);
          const follow = reads.flatMap(({ url, follow }) =>
            follow ? VISIT_FOLLOW_UPS[follow](ORG_ID, answers[url] as Intake[]) : [],
          );
          return json(200, {
            responses: reads.map(({ url }) => answer(url)),
            follow_ups: follow.map((url) => ({ url, ...answer(url) })),
          });
        },
        [`GET /product-templates/${ORG_ID}/many`]: json(200, []),
      });
      answers[`/product-templates/${ORG_ID}/many?ids=5ab0000000000000000000b1`] = [
        productTemplate({ _id: '5ab0000000000000000000b1' }),
      ];
      answers[`/intake-template/${ORG_ID}/template/5ab0000000000000000000c1`] = intakeTemplate({
        _id: '5ab0000000000000000000c1',
      });
      renderRoute(`/dashboard/${USER_ID}/profile`);
      // named while the record is still out
      await waitFor(() =>
        expect(batches.flat()).toEqual(
          expect.arrayContaining([
            { method: 'GET', url: `/intakes/${ORG_ID}/patient/${USER_ID}`, follow: 'review-templates' },
            {
              method: 'GET',
              url: `/intakes/${ORG_ID}/patient/${USER_ID}/incomplete`,
              follow: 'continue-templates',
            },
          ]),
        ),
      );
      record.release();
      await screen.findByRole('heading', { name: 'Visits in Review' });
      // the templates came with the visits: the page asked for none of them
      const templateReads = [...requests.map((r) => r.path), ...batches.flat().map((r) => r.url)].filter(
        (path) => path.includes('template'),
      );
      expect(templateReads).toEqual([]);
    } finally {
      batching.enabled = false;
    }
  });

  const EMPTY_PAGE = {
    docs: [],
    totalDocs: 0,
    limit: 10,
    page: 1,
    totalPages: 1,
    hasNextPage: false,
    hasPrevPage: false,
  };
  it.each([
    [
      'subscriptions',
      `/dashboard/${USER_ID}/subscriptions`,
      `GET /users/${ORG_ID}/user/${USER_ID}/subscriptions`,
      [],
    ],
    ['orders', '/orders', 'GET /v2/users/purchases-showcase?page=1', EMPTY_PAGE],
    [
      'notifications',
      `/dashboard/${USER_ID}/notifications`,
      `GET /v2/notifications?page=1&limit=${NOTIFICATIONS_PAGE_SIZE}`,
      { ...EMPTY_PAGE, unread: 0 },
    ],
    ['labs', `/dashboard/${USER_ID}/labs`, 'GET /v2/labs/patient/panels?page=1', EMPTY_PAGE],
    [
      'appointments',
      `/dashboard/${USER_ID}/appointments`,
      `GET /v2/appointments/${ORG_ID}/user/${USER_ID}`,
      [],
    ],
  ])(
    "reads the %s page's list beside the record, and the page takes the answer",
    async (_, page, read, answer) => {
      reloaded({ verificationStatus: 'verified', verification_status: 'verified', verified: true });
      const record = heldRecord();
      const requests = mockApi({
        [PATIENT]: record.answer,
        [read.split('?')[0]!]: json(200, answer),
        'GET /v2/notifications': json(200, { ...EMPTY_PAGE, unread: 0 }),
        'GET /v2/conversations/patient': json(200, []),
      });
      const asked = () => requests.filter((r) => `${r.method} ${r.path}` === read);
      renderRoute(page);
      // asked while the record is still out
      await waitFor(() => expect(asked()).toHaveLength(1));
      record.release();
      // the page is up and has made its first reads: the list's was the one read ahead
      await screen.findByRole('heading', { level: 1 });
      expect(asked()).toHaveLength(1);
    },
  );

  it('reads no list ahead for another view of a page (a query string), which the page reads itself', async () => {
    reloaded({ verificationStatus: 'verified', verification_status: 'verified', verified: true });
    const record = heldRecord();
    const requests = mockApi({
      [PATIENT]: record.answer,
      'GET /v2/users/purchases-showcase': json(200, EMPTY_PAGE),
      'GET /v2/notifications': json(200, { ...EMPTY_PAGE, unread: 0 }),
      'GET /v2/conversations/patient': json(200, []),
    });
    const purchases = () => requests.filter((r) => r.path.startsWith('/v2/users/purchases-showcase'));
    renderRoute('/orders?page=2');
    await waitFor(() => expect(requests.some((r) => `GET ${r.path}` === PATIENT)).toBe(true));
    expect(purchases()).toHaveLength(0);
    record.release();
    await waitFor(() =>
      expect(purchases().map((r) => r.path)).toEqual(['/v2/users/purchases-showcase?page=2']),
    );
  });

  it("reads the shell's bell and Messages dot beside the record, and the shell takes their answers", async () => {
    reloaded({ verificationStatus: 'verified', verification_status: 'verified', verified: true });
    const record = heldRecord();
    const bell = `GET /v2/notifications?page=1&limit=${NOTIFICATIONS_PAGE_SIZE}&read=false`;
    const conversations = 'GET /v2/conversations/patient';
    const requests = mockApi({
      [PATIENT]: record.answer,
      'GET /v2/notifications': json(200, {
        docs: [],
        totalDocs: 0,
        limit: NOTIFICATIONS_PAGE_SIZE,
        page: 1,
        totalPages: 1,
        hasNextPage: false,
        hasPrevPage: false,
        unread: 0,
      }),
      [conversations]: json(200, [{ _id: 'c1', organization: ORG_ID, patient_read: false, messages: [] }]),
    });
    const asked = (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key);
    renderRoute('/orders');
    // asked while the record is still out
    await waitFor(() => expect(asked(bell)).toHaveLength(1));
    expect(asked(conversations)).toHaveLength(1);
    record.release();
    // the dot is drawn from the answer read ahead: the shell asked nothing again
    expect((await screen.findAllByText('(unread)')).length).toBeGreaterThan(0);
    await screen.findByRole('heading', { level: 1, name: 'Orders' });
    expect(asked(bell)).toHaveLength(1);
    expect(asked(conversations)).toHaveLength(1);
  });
});
