import { z } from 'zod';
import { mmDdYyyyToIso } from '../format/date';
import { MESSAGES } from '../messages';
import { isValidEmail } from '../validation/auth';
import { nameError } from '../validation/name';
import { Id } from './common';

const YesNo = z.boolean().nullable().optional();

export const ShippingInfo = z.object({
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  street_address: z.string().optional(),
  apt_suite: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  zip_code: z.string().optional(),
  country: z.string().optional(),
  phone_number: z.string().optional(),
  mobile_number: z.string().optional(),
});

export const MedicalProfile = z.object({
  pregnant: YesNo,
  planning_pregnancy: YesNo,
  breastfeeding: YesNo,
  has_allergies: YesNo,
  allergy_text: z.string().optional(),
  has_medical_conditions: YesNo,
  medical_condition_text: z.string().optional(),
  has_current_medications: YesNo,
  current_medications: z.string().optional(),
  lifestyle: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
});

export const UserImage = z.object({
  id: z.object({ id_url: z.string().optional(), date_uploaded: z.string().optional() }).optional(),
  profile: z.object({ profile_url: z.string().optional(), date_uploaded: z.string().optional() }).optional(),
  requires_user_attention: z.boolean().optional(),
  requires_user_attention_notification_date: z.string().nullable().optional(),
});

/** The patient record as the portal reads it (000 §3, 001 §3): snake_case, never a password hash. */
export const PatientUser = z.object({
  _id: Id,
  organization: Id,
  role: z.enum(['patient', 'care_team', 'physician', 'admin']),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  mobile_number: z.string().nullable(),
  mobile_verified: z.boolean(),
  /** MM-DD-YYYY */
  birthday: z.string().nullable(),
  sex: z.enum(['male', 'female']).nullable(),
  /** Total inches. */
  height: z.number().int().nullable(),
  weight: z.number().int().nullable(),
  state: z.string().nullable(),
  verified: z.boolean(),
  verificationStatus: z.string(),
  verification_status: z.string(),
  requires_intake: z.boolean(),
  complete_intake: z.boolean(),
  stripe_id: z.string().nullable(),
  has_card_source: z.boolean(),
  stripe_profile: z.object({ default_source: z.string().optional() }).nullable(),
  membership: z.object({ id: z.string() }).nullable(),
  mailchimp_id: z.string().nullable(),
  medical_profile: MedicalProfile.nullable(),
  analytics_traits: z.record(z.string(), z.string()).nullable(),
  feature_flags: z.object({ labs2: z.boolean() }),
  image: UserImage,
  shipping_info: ShippingInfo.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PatientUser = z.infer<typeof PatientUser>;

/** A first or last name as the settings form checks it (001 §5), with the same messages. */
const Name = (which: 'first' | 'last') =>
  z
    .string()
    .max(200)
    .superRefine((value, ctx) => {
      const message = nameError(value, which);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform((value) => value.trim());

/** PUT /users/{org}/{id}: the fields a patient may change (000 §7), each optional. */
export const UpdateUserBody = z
  .object({
    first_name: Name('first'),
    last_name: Name('last'),
    email: z.string().max(254).refine(isValidEmail, MESSAGES.emailInvalid),
    sex: z.enum(['male', 'female']),
    birthday: z.string().refine((v) => mmDdYyyyToIso(v) !== null, 'Please enter a valid date.'),
    state: z.string().regex(/^[A-Z]{2}$/, 'Please select a state.'),
    weight: z.coerce.number().int().positive().max(1500, 'Please enter a valid weight.'),
    height: z.coerce
      .number()
      .int()
      .positive()
      .max(10 * 12 + 12, 'Please select a valid height.'),
    intake_id: Id,
    medical_profile: MedicalProfile,
    shipping_info: ShippingInfo,
    mobile_number: z.string().max(20),
  })
  .partial()
  .strict();
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;
