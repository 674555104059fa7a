import { MESSAGES } from '@portal/domain/messages';
import { ApiError } from '../errors';
import type { SubscriptionBilling } from './subscription-billing';

export type PaymentProvider = 'sandbox' | 'stripe';

/** A card as the provider reports it: display fields and the provider's payment-method id, never the number. */
export type CardDetails = {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  payment_method_id: string;
};

export type NewCustomer = {
  userId: string;
  organizationId: string;
  email: string;
  name: string;
};

/**
 * What the portal asks of a payment provider. Card numbers never pass through here: the browser
 * tokenises the card with the provider (Stripe.js, or the sandbox's token endpoint) and the server
 * only sees the token. Every failure a patient can act on is thrown as an ApiError from PaymentErrors.
 */
export interface PaymentAdapter {
  readonly provider: PaymentProvider;
  /** Key the browser library needs (Stripe's publishable key); null for the sandbox. */
  readonly publishableKey: string | null;
  /** Creates the provider's customer for a patient. */
  createCustomer(customer: NewCustomer): Promise<{ customerId: string }>;
  /** True when the id is a customer of this provider (a sandbox id is not a Stripe customer, and back). */
  ownsCustomer(customerId: string): boolean;
  /** Attaches a tokenised card to the customer and makes it the default; the same token twice gives the same card. */
  attachCard(customerId: string, token: string): Promise<CardDetails>;
  /** The customer's default card, or null. */
  getDefaultCard(customerId: string): Promise<CardDetails | null>;
  /** Removes a card that was replaced. */
  detachCard(customerId: string, paymentMethodId: string): Promise<void>;
  /**
   * NOT IMPLEMENTED YET (checkout): start a subscription to a price. Throws PaymentNotImplementedError;
   * no route calls it.
   */
  createSubscription(input: {
    customerId: string;
    priceId: string;
    quantity: number;
    couponPercentOff?: number;
  }): Promise<never>;
  /**
   * A one-time charge in cents of the customer's default card (a one-time order). The idempotency key makes
   * a retried call charge once; answers the provider's payment id.
   */
  charge(input: {
    customerId: string;
    amount: number;
    currency: string;
    description: string;
    idempotencyKey: string;
  }): Promise<{ paymentId: string }>;
  /** Pause, resume, cancel and reschedule of started subscriptions (see subscription-billing.ts). */
  readonly subscriptions: SubscriptionBilling;
}

/** Thrown by the parts of the adapter checkout will need but that are not built yet. */
export class PaymentNotImplementedError extends Error {
  constructor(what: string) {
    super(`Payments: ${what} is not implemented yet.`);
  }
}

/**
 * The failures of card calls, in the {text, message} shape: 400 for a card that cannot be used as
 * entered (the web shows 'Invalid Credit Card'), 402 for a card the bank refused (the web shows the
 * message), 502 when the provider cannot be reached or refuses our request.
 */
export const PaymentErrors = {
  invalidCard: (message: string = MESSAGES.invalidCreditCard) => new ApiError(400, 'InvalidCard', message),
  declined: (message: string = MESSAGES.cardDeclined) => new ApiError(402, 'CardDeclined', message),
  providerUnavailable: () => new ApiError(502, 'PaymentProviderError', MESSAGES.paymentGeneric),
};

/** Display name of a card brand as either provider spells it. */
export function displayBrand(brand: string): string {
  switch (brand.toLowerCase().replace(/[\s_-]/g, '')) {
    case 'visa':
      return 'Visa';
    case 'mastercard':
      return 'MasterCard';
    case 'amex':
    case 'americanexpress':
      return 'American Express';
    case 'discover':
      return 'Discover';
    case 'diners':
    case 'dinersclub':
      return 'Diners Club';
    case 'jcb':
      return 'JCB';
    case 'unionpay':
      return 'UnionPay';
    default:
      return brand.slice(0, 24) || 'Unknown';
  }
}
