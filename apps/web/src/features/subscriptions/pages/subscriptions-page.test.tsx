import type { SubscriptionDetails } from '@portal/domain/contracts/subscription';
import { addDays, rescheduleTimeOf } from '@portal/domain/subscriptions/reschedule';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  currentUrl,
  json,
  mockApi,
  ORG_ID,
  renderRoute,
  setOrganization,
  signIn,
  USER_ID,
} from '../../../test/helpers';
import { dayLabel } from '../components/date-picker';
import { localToday } from '../lib/subscription-view';

const ACTIVE = 'aaaaaaaaaaaaaaaaaaaaaa01';
const PAUSED = 'aaaaaaaaaaaaaaaaaaaaaa02';
const PAST_DUE = 'aaaaaaaaaaaaaaaaaaaaaa03';

const INVOICE = 'bbbbbbbbbbbbbbbbbbbbbb01';

const today = localToday();
const at = (iso: string) => `${iso}T12:00:00.000Z`;

function sub(overrides: Partial<SubscriptionDetails> = {}): SubscriptionDetails {
  return {
    _id: ACTIVE,
    status: 'active',
    type: 'medication',
    name: 'Generic Rapamycin',
    duration: 3,
    product_plans: [
      {
        product_template: {
          _id: 'cccccccccccccccccccccc01',
          name: 'Generic Rapamycin',
          product_name: 'Sirolimus',
          product_images: ['/rapa.png'],
          membership: null,
          attachments: [{ name: 'Patient guide', url: 'https://example.com/guide.pdf' }],
          protocol: true,
        },
        product: 'dddddddddddddddddddddd01',
        quantity: 12,
        duration: 3,
        unit_amount: 30000,
      },
    ],
    prescriptions: [
      {
        _id: 'rx1',
        medication: { name: 'Sirolimus', patient_instructions: 'x', expiration_date: addDays(today, 200) },
      },
    ],
    schedule_details: null,
    // A 3-month period that started 30 days ago: the window opens at +41 days, billing is scheduled at +60.
    current_period_start: at(addDays(today, -30)),
    reschedule_date: null,
    subscription_id: 'sub_sandbox_1',
    cancellation_info: { cancellation_attempt: 0, renews_at: null, free_consultation_scheduled_date: null },
    coaching_info: null,
    intake: null,
    membership: null,
    promo_code: null,
    created_at: '2026-01-01T00:00:00.000Z',
    billing: {
      id: 'sub_sandbox_1',
      status: 'active',
      current_period_start: at(addDays(today, -30)),
      current_period_end: at(addDays(today, 60)),
      pause_collection: null,
      latest_invoice: 'in_1',
      scheduled_date: at(addDays(today, 60)),
    },
    invoices: [],
    pause_reason: null,
    cancel_reason: null,
    canceled_at: null,
    ...overrides,
  };
}

const paused = sub({
  _id: PAUSED,
  status: 'paused',
  name: 'NAD+ Nasal Spray',
  duration: 1,
  billing: { ...sub().billing!, pause_collection: { behavior: 'void', resumes_at: null } },
});
const pastDue = sub({ _id: PAST_DUE, status: 'past_due', name: 'Metformin ER' });
/** An add-on treatment: a medication that is not one of the clinic's protocols. */
const addOn = (s: SubscriptionDetails): SubscriptionDetails => ({
  ...s,
  product_plans: s.product_plans.map((p) => ({
    ...p,
    product_template: p.product_template && { ...p.product_template, protocol: false },
  })),
});

const LIST = `GET /users/${ORG_ID}/user/${USER_ID}/subscriptions`;
const PAGE = `/dashboard/${USER_ID}/subscriptions`;

describe('Subscriptions page', () => {
  beforeEach(() => {
    setOrganization();
    signIn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the empty state with a link to the shop', async () => {
    mockApi({ [LIST]: json(200, []) });
    renderRoute(PAGE);
    await screen.findByRole('heading', { name: 'No Active Subscriptions' });
    expect(screen.getByRole('link', { name: 'Visit Our Shop' })).toHaveAttribute('href', '/shop');
  });

  it('filters by tab, Active first, and shows each card with label, billing text, note, documents and actions', async () => {
    mockApi({ [LIST]: json(200, [sub(), paused, pastDue]) });
    const { user } = renderRoute(PAGE);
    const active = await screen.findByRole('article', { name: 'Generic Rapamycin' });
    expect(screen.getByRole('tab', { name: 'Active' })).toHaveAttribute('aria-selected', 'true');
    expect(within(active).getByText('Active')).toBeInTheDocument();
    expect(within(active).getByText('Current Protocol')).toBeInTheDocument();
    expect(active).toHaveTextContent('Billing every 3 months');
    expect(within(active).getByRole('link', { name: 'Patient guide' })).toHaveAttribute(
      'href',
      'https://example.com/guide.pdf',
    );
    expect(
      within(active)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Reschedule', 'Pause', 'Cancel']);

    const failed = screen.getByRole('article', { name: 'Metformin ER' });
    expect(within(failed).getByText('Failed Payment')).toBeInTheDocument();
    expect(failed).toHaveTextContent('Please contact our team');
    expect(within(failed).getByRole('link', { name: 'Message Us' })).toHaveAttribute(
      'href',
      `/messages/${USER_ID}/new`,
    );
    expect(within(failed).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    // a protocol whose payment failed is not "Paused": its badge says Failed Payment (001 §4)
    expect(failed.querySelector('.sub-card__eyebrow')).toBeNull();
    expect(screen.queryByRole('article', { name: 'NAD+ Nasal Spray' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Paused' }));
    const pausedCard = screen.getByRole('article', { name: 'NAD+ Nasal Spray' });
    expect(pausedCard).toHaveTextContent('Billing every 1 month');
    expect(pausedCard).toHaveTextContent('you can resume at anytime');
    expect(
      within(pausedCard)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Resume', 'Cancel']);
    expect(within(pausedCard).getByText('Paused', { selector: '.sub-card__eyebrow' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Canceled' }));
    expect(screen.getByText("There's no canceled subscriptions.")).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Show All' }));
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it("labels the patient's protocol only: an active add-on treatment gets no label", async () => {
    const ADD_ON = 'aaaaaaaaaaaaaaaaaaaaaa05';
    mockApi({ [LIST]: json(200, [sub(), addOn(sub({ _id: ADD_ON, name: 'Acarbose' }))]) });
    renderRoute(PAGE);
    const protocol = await screen.findByRole('article', { name: 'Generic Rapamycin' });
    expect(within(protocol).getByText('Current Protocol')).toBeInTheDocument();
    const treatment = screen.getByRole('article', { name: 'Acarbose' });
    expect(within(treatment).getByText('Active')).toBeInTheDocument();
    expect(treatment.querySelector('.sub-card__eyebrow')).toBeNull();
  });

  it('shows a trialing subscription its free trial and when it ends; other subscriptions none', async () => {
    const TRIAL = 'aaaaaaaaaaaaaaaaaaaaaa04';
    const trialing = sub({
      _id: TRIAL,
      status: 'trialing',
      name: 'Urolithin A',
      duration: 1,
      trial_end: '2026-06-27T09:30:00.000Z',
      billing: {
        ...sub().billing!,
        status: 'trialing',
        current_period_end: '2026-06-27T09:30:00.000Z',
        scheduled_date: '2026-06-27T09:30:00.000Z',
      },
    });
    mockApi({ [LIST]: json(200, [trialing, sub({ trial_end: null })]) });
    const { user } = renderRoute(PAGE);
    await screen.findByRole('article', { name: 'Generic Rapamycin' });
    // 001 §4's Active filter does not list trialing: the card is under Show All
    expect(screen.queryByRole('article', { name: 'Urolithin A' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Show All' }));
    const card = screen.getByRole('article', { name: 'Urolithin A' });
    expect(within(card).getByText('Free trial until Jun 27th, 2026')).toBeInTheDocument();
    // the existing texts stay: the status label, the billing text and the next billing date (the trial's end)
    expect(within(card).getByText('Trialing')).toBeInTheDocument();
    expect(card).toHaveTextContent('Billing every 1 month');
    expect(card).toHaveTextContent('Next billing date: Jun 27th, 2026');
    const active = screen.getByRole('article', { name: 'Generic Rapamycin' });
    expect(active).not.toHaveTextContent('Free trial');
  });

  it('moves between tabs with the arrow keys, Home and End (the ARIA tabs pattern), one tab in the Tab order', async () => {
    mockApi({ [LIST]: json(200, [sub(), paused, pastDue]) });
    const { user } = renderRoute(PAGE);
    await screen.findByRole('article', { name: 'Generic Rapamycin' });
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(screen.getAllByRole('tab').filter((t) => t.tabIndex === 0)).toEqual([tab('Active')]);
    tab('Active').focus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Paused')).toHaveFocus();
    expect(tab('Paused')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Paused' })).toContainElement(
      screen.getByRole('article', { name: 'NAD+ Nasal Spray' }),
    );
    await user.keyboard('{End}');
    expect(tab('Canceled')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Show All')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Canceled')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('Show All')).toHaveFocus();
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('gives focus back to the card through a chain of dialogs closed with Escape', async () => {
    mockApi({ [LIST]: json(200, [sub()]) });
    const { user } = renderRoute(PAGE);
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    cancel.focus();
    await user.keyboard('{Enter}');
    const offer = screen.getByRole('dialog', { name: 'Before You Go' });
    await user.click(within(offer).getByRole('button', { name: 'Cancel My Treatment' }));
    expect(screen.getByRole('dialog', { name: 'Manage Subscription' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('pauses with a described Other reason; nothing is sent without one', async () => {
    const requests = mockApi({
      [LIST]: json(200, [sub()]),
      [`POST /v2/subscriptions/${ACTIVE}/pause`]: json(200, { ...sub(), status: 'paused' }),
    });
    const { user } = renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    const dialog = screen.getByRole('dialog', { name: 'Pause Subscription' });
    expect(within(dialog).queryByRole('button', { name: 'Cancel my subscription' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Pause my subscription' }));
    const form = screen.getByRole('dialog', { name: 'Pause Subscription' });
    expect(within(form).getByRole('radio', { name: 'Not using it enough' })).toBeInTheDocument();
    const submit = within(form).getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await user.click(within(form).getByRole('radio', { name: 'Other' }));
    const text = within(form).getByPlaceholderText('Please describe');
    expect(submit).toBeDisabled();
    await user.type(text, 'Travelling for work');
    await user.click(submit);
    await screen.findByRole('dialog', { name: 'Subscription Paused' });
    const sent = requests.filter((r) => r.method === 'POST');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ data: { pause_reason: 'Travelling for work' } });
  });

  it('says when the subscriptions cannot be loaded, and tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    mockApi({
      [LIST]: () => {
        calls += 1;
        return calls === 1 ? json(500, { text: 'NetworkError', message: 'x' }) : json(200, [sub()]);
      },
    });
    const { user } = renderRoute(PAGE);
    await screen.findByRole('heading', { name: 'Unable to get subscriptions. Please try again later.' });
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('button', { name: 'Pause' });
  });

  it('keeps the modal open with the failure when cancelling fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      [LIST]: json(200, [sub({ billing: null })]),
      [`POST /v2/subscriptions/${ACTIVE}/cancel`]: json(500, { text: 'NetworkError', message: 'x' }),
    });
    const { user } = renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    // Awaiting review (no billing): no retention offer, straight to the choice.
    const manage = await screen.findByRole('dialog', { name: 'Manage Subscription' });
    await user.click(within(manage).getByRole('button', { name: 'Cancel my subscription' }));
    const reasons = screen.getByRole('dialog', { name: 'Cancel Subscription' });
    await user.click(within(reasons).getByRole('radio', { name: 'Medications not working for me' }));
    await user.click(within(reasons).getByRole('button', { name: 'Submit' }));
    await within(reasons).findByText('Unable to cancel subscription. Please try again later.');
    expect(screen.getByRole('dialog', { name: 'Cancel Subscription' })).toBeInTheDocument();
  });

  it('offers the retention discount, then cancels with a reason through Cancel My Treatment', async () => {
    const requests = mockApi({
      [LIST]: json(200, [sub()]),
      [`POST /v2/subscriptions/${ACTIVE}/cancel`]: json(200, { ...sub(), status: 'canceled' }),
    });
    const { user } = renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    const offer = screen.getByRole('dialog', { name: 'Before You Go' });
    expect(offer).toHaveTextContent('20% off your next renewal');
    expect(offer).toHaveTextContent('free longevity consultation');
    expect(within(offer).getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    await user.click(within(offer).getByRole('button', { name: 'Cancel My Treatment' }));

    const manage = screen.getByRole('dialog', { name: 'Manage Subscription' });
    expect(within(manage).getByRole('button', { name: 'Pause my subscription' })).toBeInTheDocument();
    await user.click(within(manage).getByRole('button', { name: 'Cancel my subscription' }));
    const form = screen.getByRole('dialog', { name: 'Cancel Subscription' });
    await user.click(within(form).getByRole('radio', { name: 'Medications not working for me' }));
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    await screen.findByRole('dialog', { name: 'Subscription Canceled' });
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      data: { cancel_reason: 'not_working' },
    });
  });

  it('hides the pause option when cancelling a paused subscription', async () => {
    mockApi({ [LIST]: json(200, [paused]) });
    const { user } = renderRoute(PAGE);
    await user.click(await screen.findByRole('tab', { name: 'Paused' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Before You Go' })).getByRole('button', {
        name: 'Cancel My Treatment',
      }),
    );
    const manage = screen.getByRole('dialog', { name: 'Manage Subscription' });
    expect(within(manage).queryByRole('button', { name: 'Pause my subscription' })).not.toBeInTheDocument();
    expect(within(manage).getByRole('button', { name: 'Cancel my subscription' })).toBeInTheDocument();
  });

  it('Continue counts the attempt and goes to book the consultation', async () => {
    const requests = mockApi({
      [LIST]: json(200, [sub()]),
      [`POST /v2/subscriptions/${ACTIVE}/cancellation-info`]: json(
        200,
        sub({ cancellation_info: { cancellation_attempt: 1, renewal_percent_off: 20 } }),
      ),
    });
    const { user, router } = renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(currentUrl(router)).toBe(
        `/schedule-subscription/${ACTIVE}?canIncrementCancellationAttempt=true`,
      ),
    );
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ incrementCancellationAttempt: true });
  });

  it('tells a patient who already has the discount and a booked call what cancelling voids, with Dismiss', async () => {
    const future = at(addDays(today, 20));
    mockApi({
      [LIST]: json(200, [
        sub({
          cancellation_info: {
            cancellation_attempt: 1,
            renews_at: future,
            free_consultation_scheduled_date: future,
          },
        }),
      ]),
    });
    const { user } = renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Before You Go' });
    expect(dialog).toHaveTextContent(
      'You already have a 20% discount on your next renewal and a booked consultation. Cancelling your treatment would void them.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('resumes now and ships (shipNow true), or plainly (shipNow false)', async () => {
    const requests = mockApi({
      [LIST]: json(200, [paused]),
      [`POST /v2/subscriptions/${PAUSED}/resume`]: json(200, { ...paused, status: 'active' }),
    });
    const { user } = renderRoute(PAGE);
    await user.click(await screen.findByRole('tab', { name: 'Paused' }));
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Resume Subscription' })).getByRole('button', {
        name: 'Resume Now & Ship',
      }),
    );
    const done = await screen.findByRole('dialog', { name: 'Subscription Resumed' });
    expect(done).toHaveTextContent('Your order will ship today.');
    await user.click(within(done).getByRole('button', { name: 'Done' }));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { data: { shipNow: true } },
    ]);
  });

  it('keeps the modal open and only logs when a call fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const requests = mockApi({
      [LIST]: json(200, [paused]),
      [`POST /v2/subscriptions/${PAUSED}/resume`]: json(500, { text: 'Error', message: 'x' }),
    });
    const { user } = renderRoute(PAGE);
    await user.click(await screen.findByRole('tab', { name: 'Paused' }));
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    const dialog = screen.getByRole('dialog', { name: 'Resume Subscription' });
    await user.click(within(dialog).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.getByRole('dialog', { name: 'Resume Subscription' })).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ data: { shipNow: false } });
  });

  it('reschedules inside the window: scheduled date disabled, the day after preselected', async () => {
    const preselected = addDays(today, 61);
    const requests = mockApi({
      [LIST]: json(200, [sub()]),
      [`POST /v2/subscriptions/${ACTIVE}/reschedule`]: json(200, { ...sub(), status: 'rescheduled' }),
    });
    const { user } = renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    const dialog = screen.getByRole('dialog', { name: 'Reschedule Subscription' });
    // the calendar loads with the dialog
    await within(dialog).findByRole('button', { name: `${dayLabel(preselected)} selected` });
    const scheduled = addDays(today, 60);
    if (scheduled.slice(0, 7) !== preselected.slice(0, 7))
      await user.click(within(dialog).getByRole('button', { name: 'Previous month' }));
    expect(
      within(dialog).getByRole('button', { name: new RegExp(`^${dayLabel(scheduled)}`) }),
    ).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    await screen.findByRole('dialog', { name: 'Subscription Rescheduled' });
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      new_time: rescheduleTimeOf(preselected),
    });
  });

  it("warns when the date falls after the prescription's expiration, and the button reads Continue", async () => {
    mockApi({
      [LIST]: json(200, [
        sub({
          prescriptions: [
            {
              _id: 'rx1',
              medication: { name: 'S', patient_instructions: 'x', expiration_date: addDays(today, 45) },
            },
          ],
        }),
      ]),
    });
    const { user } = renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    const dialog = screen.getByRole('dialog', { name: 'Reschedule Subscription' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Your prescription will be overdue');
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
  });

  it('downloads an invoice PDF with the token through a blob link', async () => {
    const createObjectURL = vi.fn(() => 'blob:invoice');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const withInvoice = sub({
      invoices: [
        {
          _id: INVOICE,
          number: 'INV-202701-BBBBBB01',
          invoice_pdf: `/subscriptions/${ORG_ID}/invoice?type=stripe&invoice=${INVOICE}`,
          status: 'paid',
          amount_due: 30000,
          amount_paid: 30000,
          currency: 'usd',
          period_start: '2027-01-15T00:00:00.000Z',
          period_end: '2027-04-15T00:00:00.000Z',
          paid_at: '2027-01-15T00:00:00.000Z',
          created_at: '2027-01-15T00:00:00.000Z',
        },
      ],
    });
    const requests = mockApi({
      [LIST]: json(200, [withInvoice]),
      [`GET /subscriptions/${ORG_ID}/invoice`]: () =>
        new Response('%PDF-1.3', {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="invoice-INV-202701-BBBBBB01.pdf"',
          },
        }),
    });
    const { user } = renderRoute(PAGE);
    await user.click(await screen.findByText('Invoices (1)'));
    expect(screen.getByText('$300.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download invoice INV-202701-BBBBBB01' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = requests.find((r) => r.path.startsWith(`/subscriptions/${ORG_ID}/invoice`))!;
    expect(call.path).toBe(`/subscriptions/${ORG_ID}/invoice?type=stripe&invoice=${INVOICE}`);
    expect(call.headers.authorization).toMatch(/^Bearer /);
    expect(createObjectURL).toHaveBeenCalledWith(expect.objectContaining({ size: 8 }));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('invoice-INV-202701-BBBBBB01.pdf');
  });
});
