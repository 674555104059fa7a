import { z } from 'zod';
import { MESSAGES } from '../messages';
import { isValidEmail } from '../validation/auth';
import { validateNewPasswordForm, validateSignupForm } from '../validation/signup';
import { Id } from './common';
import { PatientUser } from './user';

const Email = z
  .string()
  .max(254, MESSAGES.emailInvalid)
  .transform((v) => v.trim().toLowerCase())
  .refine(isValidEmail, MESSAGES.emailInvalid);

/** POST /login/{org} */
export const LoginBody = z.object({
  email: z.string().max(254, MESSAGES.emailInvalid),
  password: z.string().min(1, MESSAGES.passwordRequired).max(200, MESSAGES.passwordTooLong),
  /** With two-factor sign-in on: the authenticator code or a recovery code. */
  code: z.string().trim().max(20).optional(),
});

/** POST /v2/users: the signup rules of 000 §5, checked again on the server with the same messages. */
export const SignupBody = z
  .object({
    first_name: z.string().max(200),
    last_name: z.string().max(200),
    email: z.string().max(254, MESSAGES.emailInvalid),
    password: z.string().max(200, MESSAGES.passwordTooLong),
    organization: Id.optional(),
    accepted_terms: z.boolean().optional(),
    analytics_traits: z.record(z.string().max(64), z.string().max(512)).optional(),
  })
  .superRefine((v, ctx) => {
    const errors = validateSignupForm({ ...v, terms: true });
    for (const [field, message] of Object.entries(errors))
      ctx.addIssue({ code: 'custom', path: [field], message });
  });

export const AuthResponse = z.object({ token: z.string(), user: PatientUser });

/** POST /reset/{org}/password-reset-request */
export const ResetRequestBody = z.object({ email_address: Email });

/** PUT /users/{org}/{userId}/reset-password-token */
export const ResetPasswordBody = z
  .object({
    new_password: z.string().max(200),
    confirm_password: z.string().max(200),
    reset_token: z.string().min(1).max(256),
    user_id: Id.optional(),
    organization: Id.optional(),
  })
  .superRefine((v, ctx) => {
    const errors = validateNewPasswordForm({ password: v.new_password, confirm: v.confirm_password });
    if (errors.password) ctx.addIssue({ code: 'custom', path: ['new_password'], message: errors.password });
    if (errors.confirm) ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: errors.confirm });
  });

export const MessageResponse = z.object({ message: z.string() });
