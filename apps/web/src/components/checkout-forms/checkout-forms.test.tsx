import { MESSAGES } from '@portal/domain/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useRef, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, MERCHANT_PATH, mockApi, SANDBOX_MERCHANT, setOrganization } from '../../test/helpers';
import { CardField, type CardFieldHandle, type CardTokenError } from './card-field';
import { DiscountCodeField } from './discount-code-field';
import { PriceBreakdown } from './price-breakdown';
import { ShippingForm } from './shipping-form';
import { useShippingForm } from './use-shipping-form';

function renderWithQuery(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return {
    user: userEvent.setup(),
    ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>),
  };
}

beforeEach(() => setOrganization());

// Stripe.js is loaded by the card field only when the merchant call names Stripe: a stand-in records its use.
const stripeJs = vi.hoisted(() => ({ loadStripe: vi.fn() }));
vi.mock('@stripe/stripe-js', () => stripeJs);

describe('PriceBreakdown', () => {
  it('shows the four rows and the renewal text', () => {
    render(
      <PriceBreakdown
        summary={{ subTotal: 34200, savings: 3000, specialDiscount: 5340, totalDueNow: 25860 }}
        renewsEveryMonths={3}
      />,
    );
    const rows = screen.getByLabelText('Price breakdown');
    expect(within(rows).getByText('Sub-Total').nextSibling).toHaveTextContent('$342.00');
    expect(within(rows).getByText('Savings').nextSibling).toHaveTextContent('-$30.00');
    expect(within(rows).getByText('Special Discount').nextSibling).toHaveTextContent('-$53.40');
    expect(within(rows).getByText('Total Due Now').nextSibling).toHaveTextContent('$258.60');
    expect(screen.getByText('Renews every 3 months')).toBeInTheDocument();
  });
});

/** A card field with a Pay button that tokenises, telling what it got. */
function Harness({ onToken }: { onToken: (result: string) => void }) {
  const ref = useRef<CardFieldHandle>(null);
  const [valid, setValid] = useState(false);
  return (
    <>
      <CardField ref={ref} onValidChange={setValid} />
      <p>{valid ? 'valid' : 'incomplete'}</p>
      <button
        type="button"
        onClick={() =>
          ref.current!.tokenize().then(onToken, (e: CardTokenError) => onToken(`error: ${e.message}`))
        }
      >
        Pay
      </button>
    </>
  );
}

describe('CardField (sandbox)', () => {
  it('checks the number, expiry and CVC, then tokenises with the sandbox only', async () => {
    const requests = mockApi({
      [`GET ${MERCHANT_PATH}`]: json(200, SANDBOX_MERCHANT),
      'POST /sandbox/payments/tokens': json(201, { id: 'tok_1.sig', card: {} }),
    });
    const onToken = vi.fn();
    const { user } = renderWithQuery(<Harness onToken={onToken} />);
    const number = await screen.findByLabelText('Card number');
    await user.type(number, '4242424242424241');
    await user.type(screen.getByLabelText('Expiry date'), '0120');
    await user.type(screen.getByLabelText('CVC'), '12');
    await user.tab();
    expect(screen.getByText(MESSAGES.cardNumberInvalid)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.cardExpiryPast)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.cardCvcInvalid)).toBeInTheDocument();
    expect(screen.getByText('incomplete')).toBeInTheDocument();

    await user.clear(number);
    await user.type(number, '4242424242424242');
    expect(number).toHaveValue('4242 4242 4242 4242');
    await user.clear(screen.getByLabelText('Expiry date'));
    await user.type(screen.getByLabelText('Expiry date'), '1230');
    expect(screen.getByLabelText('Expiry date')).toHaveValue('12/30');
    await user.type(screen.getByLabelText('CVC'), '3');
    expect(screen.getByText('valid')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(onToken).toHaveBeenCalledWith('tok_1.sig'));
    expect(requests.at(-1)).toMatchObject({
      path: '/sandbox/payments/tokens',
      body: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    });
  });

  it("shows the provider's message when the sandbox refuses the card", async () => {
    mockApi({
      [`GET ${MERCHANT_PATH}`]: json(200, SANDBOX_MERCHANT),
      'POST /sandbox/payments/tokens': json(400, { text: 'InvalidCard', message: MESSAGES.cardExpired }),
    });
    const onToken = vi.fn();
    const { user } = renderWithQuery(<Harness onToken={onToken} />);
    await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry date'), '1230');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(onToken).toHaveBeenCalledWith(`error: ${MESSAGES.cardExpired}`));
    expect(screen.getByText(MESSAGES.cardExpired)).toBeInTheDocument();
  });
});

describe('CardField (merchant call)', () => {
  it('reads the clinic’s merchant call and, with Stripe keys, mounts Stripe’s card element with the publishable key', async () => {
    type ChangeEvent = { complete: boolean; error?: { message: string } };
    const handlers: Record<string, (event: ChangeEvent) => void> = {};
    const element = {
      on: vi.fn((name: string, handler: (event: ChangeEvent) => void) => {
        handlers[name] = handler;
      }),
      mount: vi.fn(),
      destroy: vi.fn(),
      update: vi.fn(),
    };
    const create = vi.fn(() => element);
    const createPaymentMethod = vi.fn(async () => ({ paymentMethod: { id: 'pm_123' } }));
    stripeJs.loadStripe.mockResolvedValue({ elements: () => ({ create }), createPaymentMethod });
    const requests = mockApi({
      [`GET ${MERCHANT_PATH}`]: json(200, {
        ...SANDBOX_MERCHANT,
        provider: 'stripe',
        publishable_key: 'pk_test_abc123',
        tokens_url: null,
      }),
    });
    const onToken = vi.fn();
    const { user } = renderWithQuery(<Harness onToken={onToken} />);
    await waitFor(() => expect(element.mount).toHaveBeenCalled());
    expect(stripeJs.loadStripe).toHaveBeenCalledWith('pk_test_abc123');
    expect(create).toHaveBeenCalledWith('card', { hidePostalCode: true });
    expect(screen.getByRole('group', { name: 'Card details' })).toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${MERCHANT_PATH}`]);

    handlers.change!({ complete: false, error: { message: 'Your card number is incomplete.' } });
    await screen.findByText('Your card number is incomplete.');
    expect(screen.getByText('incomplete')).toBeInTheDocument();
    handlers.change!({ complete: true });
    await screen.findByText('valid');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(onToken).toHaveBeenCalledWith('pm_123'));
    expect(createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card: element });
  });

  it('says the payment cannot be taken when the merchant call fails', async () => {
    mockApi({
      [`GET ${MERCHANT_PATH}`]: json(404, { text: 'NotFound', message: 'The organization was not found.' }),
    });
    renderWithQuery(<Harness onToken={vi.fn()} />);
    await screen.findByText(MESSAGES.paymentGeneric);
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });
});

describe('DiscountCodeField', () => {
  it('applies on Enter and reports the applied percentages; editing removes them', async () => {
    mockApi({
      'POST /v2/cart/coupon/SAVE10': json(200, {
        promoCode: 'SAVE10',
        productDiscounts: { p1: { discount: 10 } },
      }),
    });
    const onChange = vi.fn();
    const { user } = renderWithQuery(
      <DiscountCodeField products={[{ product: 'p1', quantity: 1 }]} onChange={onChange} />,
    );
    await user.type(screen.getByLabelText('Discount code'), 'SAVE10{Enter}');
    await screen.findByText(MESSAGES.couponApplied);
    expect(onChange).toHaveBeenLastCalledWith({ promoCode: 'SAVE10', percentages: { p1: 10 } });
    await user.type(screen.getByLabelText('Discount code'), 'X');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled();
  });
});

describe('ShippingForm', () => {
  function Harness() {
    const form = useShippingForm({
      user: { first_name: 'Jane', last_name: 'Doe', shipping_info: null, mobile_number: null },
    });
    return (
      <>
        <ShippingForm form={form} heading="Shipping" />
        <output>{JSON.stringify(form.isValid ? form.payload() : 'invalid')}</output>
      </>
    );
  }

  it('fills city and state from a ZIP and answers the normalized payload', async () => {
    mockApi({
      'GET /states': json(200, [{ _id: '1', name: 'Illinois', abbreviation: 'IL', syncRequired: false }]),
      'GET /v2/address/config': json(200, { autocomplete: false }),
      'GET /v2/address/zip/62701': json(200, {
        zip: '62701',
        city: 'Springfield',
        state: 'IL',
        country: 'us',
      }),
    });
    const { user } = renderWithQuery(<Harness />);
    expect(screen.getByRole('group', { name: 'Shipping' })).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Jane');
    await user.type(screen.getByLabelText('Street address'), '1 Main St');
    await user.type(screen.getByLabelText('ZIP code'), '62701');
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Springfield'));
    await waitFor(() => expect(screen.getByLabelText('State')).toHaveValue('IL'));
    await user.type(screen.getByLabelText('Phone number'), '+1 217 555 0123');
    await user.type(screen.getByLabelText('Mobile number'), '2175550100');
    expect(JSON.parse(screen.getByRole('status').textContent ?? '""')).toEqual({
      shipping_info: {
        first_name: 'Jane',
        last_name: 'Doe',
        street_address: '1 Main St',
        apt_suite: '',
        city: 'Springfield',
        state: 'IL',
        zip_code: '62701',
        country: 'us',
        phone_number: '(217) 555-0123',
      },
      mobile_number: '2175550100',
    });
  });

  it('masks the phone as (###) ###-####: a pasted +1 number, letters ignored, backspace through the dash', async () => {
    mockApi({});
    const { user } = renderWithQuery(<Harness />);
    const phone = screen.getByLabelText('Phone number');
    await user.click(phone);
    await user.paste('+1 (555) 123-4567');
    expect(phone).toHaveValue('(555) 123-4567');
    await user.clear(phone);
    await user.type(phone, '55x5a1');
    expect(phone).toHaveValue('(555) 1');
    await user.type(phone, '{Backspace}');
    expect(phone).toHaveValue('(555');
    await user.type(phone, '1234567{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(phone).toHaveValue('(555) 123');
  });

  it('leaves city and state as typed for an unknown ZIP', async () => {
    mockApi({ 'GET /v2/address/zip/00000': json(404, { text: 'NotFound', message: 'x' }) });
    const { user } = renderWithQuery(<Harness />);
    await user.type(screen.getByLabelText('City'), 'Nowhere');
    await user.type(screen.getByLabelText('ZIP code'), '00000');
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Nowhere'));
  });
});
