/** The reusable checkout parts (shared by the consultation checkout and the signup checkout). */
export { CardField, type CardFieldHandle, type CardFieldProps, CardTokenError } from './card-field';
export { type AppliedDiscount, DiscountCodeField, type DiscountCodeFieldProps } from './discount-code-field';
export { type CheckoutSummary, PriceBreakdown, type PriceBreakdownProps } from './price-breakdown';
export { SavedCard } from './saved-card';
export { ShippingForm, type ShippingFormProps, SMS_CONSENT_NOTE } from './shipping-form';
export {
  type ShippingFormController,
  type ShippingPayload,
  useShippingForm,
} from './use-shipping-form';
