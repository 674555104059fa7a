import { z } from 'zod';
import { MESSAGES } from '../messages';
import { validatePasswordChangeForm } from '../validation/settings';
import { validateSettingsShippingForm } from '../validation/shipping';
import { PatientUser } from './user';

/** PUT /users/{org}/{id}/reset-password (001 §7): the rules of 001 §5, checked again with the same messages. */
export const ChangePasswordBody = z
  .object({
    current_password: z.string().max(200),
    new_password: z.string().max(200),
  })
  .strict()
  .superRefine((v, ctx) => {
    const errors = validatePasswordChangeForm({ ...v, confirm_password: v.new_password });
    if (errors.current_password)
      ctx.addIssue({ code: 'custom', path: ['current_password'], message: errors.current_password });
    if (errors.new_password)
      ctx.addIssue({ code: 'custom', path: ['new_password'], message: errors.new_password });
  });

/** The answer to a password change: the other sessions are ended and this one is replaced by a new token. */
export const ChangePasswordResponse = z.object({
  message: z.string(),
  token: z.string(),
  user: PatientUser,
});
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponse>;

const Text35 = z.string().max(200);

/** PUT /users/{org}/{id}/update-shipping (002 §7.7): the settings shipping form of 001 §5. */
export const UpdateShippingBody = z
  .object({
    shipping_info: z
      .object({
        first_name: Text35,
        last_name: Text35,
        street_address: Text35,
        apt_suite: Text35.optional(),
        city: Text35,
        state: z.string().max(2),
        zip_code: z.string().max(10),
        country: z.string().max(2).default('us'),
        phone_number: z.string().max(20),
      })
      .strict()
      .superRefine((v, ctx) => {
        for (const [field, message] of Object.entries(validateSettingsShippingForm(v)))
          ctx.addIssue({ code: 'custom', path: [field], message });
      }),
  })
  .strict();

/**
 * A mobile number as typed or as its national digits. Whether it is a valid US number is checked by the
 * route, which answers the PhoneNumberInvalid text the verification panel sorts errors by (002 §4.8).
 */
const MobileNumber = z.string().max(20);

/** POST /users/{org}/{id}/send-mobile-verification */
export const SendMobileVerificationBody = z.object({ mobile_number: MobileNumber }).strict();

export const SendMobileVerificationResponse = z.object({
  message: z.string(),
  /** When the code stops being accepted (ISO 8601). */
  expires_at: z.string(),
});

/** POST /users/{org}/{id}/mobile-verify */
export const MobileVerifyBody = z
  .object({
    code: z.string().regex(/^\d{5}$/, MESSAGES.verificationCodeRequired),
    /** Optional check that the code is for this number. */
    mobile_number: MobileNumber.optional(),
  })
  .strict();

/** GET /users/{org}/{id}/state: the patient's home state, null when none is set. */
export const PatientState = z
  .object({ _id: z.string(), name: z.string(), abbreviation: z.string(), syncRequired: z.boolean() })
  .nullable();
