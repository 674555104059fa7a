import { z } from 'zod';
import { DISCOUNT_CODE_MAX } from '../constants';
import { MESSAGES } from '../messages';
import { normalizeDiscountCode, validateDiscountCode } from '../validation/discount-code';
import { Id } from './common';

/**
 * A discount code in a body, checked by the same rules as the form (000 §5) and trimmed; an empty code
 * (the client sends '' when none was applied) reads as no code.
 */
export const PromoCode = z
  .string()
  .max(DISCOUNT_CODE_MAX * 10, MESSAGES.discountCodeTooLong)
  .superRefine((value, ctx) => {
    const message = validateDiscountCode(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform((v) => normalizeDiscountCode(v) || null);

/** POST /v2/intakes/{intake}/complete (000 §4 "Checkout submit" step 5). */
export const CompleteIntakeBody = z
  .object({ promo_code: PromoCode.nullable().optional() })
  .strict()
  .nullish();
export type CompleteIntakeBody = z.input<typeof CompleteIntakeBody>;

/** POST /users/{org}/user/{user}/add-completed-intake. */
export const AddCompletedIntakeBody = z.object({ intake: Id }).strict();
export type AddCompletedIntakeBody = z.infer<typeof AddCompletedIntakeBody>;
