import { z } from 'zod';
import { SECURITY_TEXTS } from '../security/texts';

const SecondFactor = z.string().trim().min(1, SECURITY_TEXTS.codeFormat).max(20, SECURITY_TEXTS.codeFormat);

/**
 * POST /users/{org}/{id}/security (002 §7.7): one call, the action named in the body.
 * - start_two_factor: a new secret to scan (not yet on);
 * - enable_two_factor: turns it on with a code from the app; answers with the recovery codes;
 * - disable_two_factor: turns it off (password and a code or a recovery code);
 * - regenerate_recovery_codes: ten new codes, the old ones void (a code required);
 * - sign_out_other_sessions: ends every other session; this device gets a new token.
 */
export const SecurityActionBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('start_two_factor') }).strict(),
  z.object({ action: z.literal('enable_two_factor'), code: SecondFactor }).strict(),
  z
    .object({
      action: z.literal('disable_two_factor'),
      password: z.string().min(1).max(200),
      code: SecondFactor,
    })
    .strict(),
  z.object({ action: z.literal('regenerate_recovery_codes'), code: SecondFactor }).strict(),
  z.object({ action: z.literal('sign_out_other_sessions') }).strict(),
]);
export type SecurityActionBody = z.infer<typeof SecurityActionBody>;

export const SignedInSession = z.object({
  id: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  /** The browser or app that signed in, as it named itself. */
  device: z.string().nullable(),
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof SignedInSession>;

/** GET /users/{org}/{id}/security and the answer of every action. */
export const SecurityOverview = z.object({
  two_factor_enabled: z.boolean(),
  two_factor_enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
  sessions: z.array(SignedInSession),
});
export type SecurityOverview = z.infer<typeof SecurityOverview>;

export const SecurityActionResponse = SecurityOverview.extend({
  /** start_two_factor: the secret (base32) and the otpauth:// address the QR code encodes. */
  setup: z.object({ secret: z.string(), otpauth_url: z.string(), qr_svg: z.string() }).optional(),
  /** enable_two_factor and regenerate_recovery_codes: shown once, stored only as hashes. */
  recovery_codes: z.array(z.string()).optional(),
  /** sign_out_other_sessions: this device's new token (the old one ended with the others). */
  token: z.string().optional(),
});
export type SecurityActionResponse = z.infer<typeof SecurityActionResponse>;
