import type { SubscriptionDetails } from '@portal/domain/contracts/subscription';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
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
import {
  SUBSCRIPTION_LOAD_ERROR,
  SUBSCRIPTION_NOT_FOUND,
  SUBSCRIPTION_NOT_FOUND_TEXT,
} from './subscription-detail-page';

const ACTIVE = 'aaaaaaaaaaaaaaaaaaaaaa01';
const ONE = `GET /users/${ORG_ID}/user/${USER_ID}/subscription/${ACTIVE}`;
const LIST = `GET /users/${ORG_ID}/user/${USER_ID}/subscriptions`;
const PAGE = `/dashboard/${USER_ID}/subscriptions/${ACTIVE}`;

/** An active medication subscription billed every 3 months (the fixed clock is June 10, 2026). */
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
        unit_amount: 29_950,
        dosage: '6 mg',
        frequency: 'Once weekly',
      },
    ],
    prescriptions: [],
    schedule_details: null,
    current_period_start: '2026-05-01T12:00:00.000Z',
    reschedule_date: null,
    subscription_id: 'sub_sandbox_1',
    cancellation_info: { cancellation_attempt: 0, renews_at: null, free_consultation_scheduled_date: null },
    coaching_info: null,
    intake: null,
    membership: null,
    promo_code: null,
    created_at: '2026-05-01T12:00:00.000Z',
    billing: {
      id: 'sub_sandbox_1',
      status: 'active',
      current_period_start: '2026-05-01T12:00:00.000Z',
      current_period_end: '2026-08-01T12:00:00.000Z',
      pause_collection: null,
      latest_invoice: 'in_1',
      scheduled_date: '2026-08-01T12:00:00.000Z',
    },
    invoices: [],
    pause_reason: null,
    cancel_reason: null,
    canceled_at: null,
    ...overrides,
  };
}

beforeEach(() => {
  setOrganization();
  signIn();
});

describe('Subscription detail (/dashboard/{userId}/subscriptions/{id})', () => {
  it('shows a spinner, then the product, plan, dose, status, next billing date and documents', async () => {
    let answer: (r: Response) => void = () => undefined;
    const requests = mockApi({ [ONE]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderRoute(PAGE);
    await screen.findByText('Loading the subscription');
    answer(json(200, sub()));

    await screen.findByRole('heading', { level: 1, name: 'Generic Rapamycin' });
    const facts = (term: string) =>
      screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(facts('Status')).toBe('Active');
    expect(facts('Plan')).toBe('Billing every 3 months, $299.50 per period');
    expect(facts('Product')).toBe('Sirolimus (6 mg, Once weekly), quantity 12');
    expect(facts('Next billing date')).toBe('Aug 1st, 2026');
    expect(facts('Current period')).toBe('May 1st, 2026 to Aug 1st, 2026');
    expect(screen.getByText('Current Protocol')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Patient guide/ })).toHaveAttribute(
      'href',
      'https://example.com/guide.pdf',
    );
    expect(screen.getByText(/No invoices yet/)).toBeInTheDocument();
    // the billing provider's fresh view is asked for (001 §7: type stripe)
    expect(requests.find((r) => r.path.includes(`/subscription/${ACTIVE}`))?.path).toContain('type=stripe');
    expect(document.title).toBe('Subscription · Patient Portal');
  });

  it('shows a free trial and a one-time fee where the subscription has them', async () => {
    const plan = sub().product_plans[0]!;
    mockApi({
      [ONE]: json(
        200,
        sub({
          status: 'trialing',
          trial_end: '2026-06-24T12:00:00.000Z',
          product_plans: [{ ...plan, one_time_fee: 4900, one_time_fee_paid_at: '2026-06-10T12:00:00.000Z' }],
          billing: { ...sub().billing!, status: 'trialing', scheduled_date: '2026-06-24T12:00:00.000Z' },
        }),
      ),
    });
    renderRoute(PAGE);
    await screen.findByRole('heading', { level: 1, name: 'Generic Rapamycin' });
    const facts = (term: string) =>
      screen.queryByText(term, { selector: 'dt' })?.nextElementSibling?.textContent;
    expect(facts('Status')).toBe('Trialing');
    expect(facts('Free trial until')).toBe('Jun 24th, 2026');
    expect(facts('One-time fee')).toBe('$49.00, paid Jun 10th, 2026');
    expect(facts('Next billing date')).toBe('Jun 24th, 2026');
  });

  it('says a fee still due is charged with the first payment, and shows no trial when there is none', async () => {
    const plan = sub().product_plans[0]!;
    mockApi({
      [ONE]: json(
        200,
        sub({
          status: 'awaiting_physician_review',
          trial_end: null,
          product_plans: [{ ...plan, one_time_fee: 4900, one_time_fee_paid_at: null }],
          subscription_id: null,
          billing: null,
        }),
      ),
    });
    renderRoute(PAGE);
    await screen.findByRole('heading', { level: 1, name: 'Generic Rapamycin' });
    const facts = (term: string) =>
      screen.queryByText(term, { selector: 'dt' })?.nextElementSibling?.textContent;
    expect(facts('One-time fee')).toBe('$49.00, charged with the first payment');
    expect(facts('Free trial until')).toBeUndefined();
  });

  it('offers the actions the list offers for its status, through the same modals', async () => {
    const requests = mockApi({
      [ONE]: json(200, sub()),
      [LIST]: json(200, [sub()]),
      [`POST /v2/subscriptions/${ACTIVE}/pause`]: json(200, sub({ status: 'paused' })),
    });
    const { user } = renderRoute(PAGE);
    await screen.findByRole('heading', { level: 1, name: 'Generic Rapamycin' });
    expect(
      screen
        .getAllByRole('button')
        .filter((b) => ['Resume', 'Reschedule', 'Pause', 'Cancel'].includes(b.textContent ?? ''))
        .map((b) => b.textContent),
    ).toEqual(['Reschedule', 'Pause', 'Cancel']);

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    const dialog = screen.getByRole('dialog', { name: 'Pause Subscription' });
    await user.click(within(dialog).getByRole('button', { name: 'Pause my subscription' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Not using it enough' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await screen.findByRole('dialog', { name: 'Subscription Paused' });
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { data: { pause_reason: 'not_using' } },
    ]);
    // the answer shows at once behind the modal
    await waitFor(() =>
      expect(screen.getByText('Paused', { selector: '.sub-card__status' })).toBeInTheDocument(),
    );
  });

  it('shows Message Us instead of Cancel for a failed payment', async () => {
    mockApi({ [ONE]: json(200, sub({ status: 'past_due' })) });
    renderRoute(PAGE);
    expect(await screen.findByRole('link', { name: 'Message Us' })).toHaveAttribute(
      'href',
      `/messages/${USER_ID}/new`,
    );
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.getByText(/Please contact our team/)).toBeInTheDocument();
  });

  it('answers an unknown or another patient’s subscription with a not-found state inside the shell', async () => {
    mockApi({ [ONE]: json(404, { text: 'NotFound', message: 'The subscription was not found.' }) });
    renderRoute(PAGE);
    await screen.findByRole('heading', { level: 1, name: SUBSCRIPTION_NOT_FOUND });
    expect(screen.getByText(SUBSCRIPTION_NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to subscriptions/ })).toHaveAttribute(
      'href',
      `/dashboard/${USER_ID}/subscriptions`,
    );
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('does not ask about an id that cannot exist', async () => {
    const requests = mockApi({});
    renderRoute(`/dashboard/${USER_ID}/subscriptions/nope`);
    await screen.findByRole('heading', { level: 1, name: SUBSCRIPTION_NOT_FOUND });
    expect(requests.filter((r) => r.path.includes('/subscription/'))).toHaveLength(0);
  });

  it('offers Try again after a failure and then shows the subscription', async () => {
    let fail = true;
    mockApi({
      [ONE]: () => (fail ? json(500, { text: 'InternalServerError', message: 'x' }) : json(200, sub())),
    });
    const { user } = renderRoute(PAGE);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SUBSCRIPTION_LOAD_ERROR);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 1, name: 'Generic Rapamycin' });
  });
});

describe('Subscriptions list', () => {
  it('links each card’s name to its detail page', async () => {
    mockApi({ [LIST]: json(200, [sub()]), [ONE]: json(200, sub()) });
    const { user, router } = renderRoute(`/dashboard/${USER_ID}/subscriptions`);
    await user.click(await screen.findByRole('link', { name: 'Generic Rapamycin' }));
    await waitFor(() => expect(currentUrl(router)).toBe(PAGE));
    await screen.findByRole('heading', { level: 1, name: 'Generic Rapamycin' });
  });
});
