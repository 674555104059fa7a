import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { isValidUsNumber, nationalNumber } from '@portal/domain/format/phone';
import { MESSAGES } from '@portal/domain/messages';
import {
  MOBILE_CODE_MAX_ATTEMPTS,
  MOBILE_CODE_SEND_WINDOW_SECONDS,
  MOBILE_CODE_SENDS_PER_WINDOW,
  MOBILE_CODE_TTL_MINUTES,
  VERIFICATION_ERROR_TEXT,
} from '@portal/domain/settings/mobile-verification';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { issueSessionToken } from '../../platform/auth/issue-token';
import { hashPassword, verifyPassword } from '../../platform/auth/password';
import { resolveTokenSecret } from '../../platform/auth/secret';
import { ApiError, Errors } from '../../platform/errors';
import { toE164 } from '../../platform/sms';
import { enforceAttemptLimits } from '../auth/auth.service';
import { createMobileVerificationRepository } from './mobile-verification.repository';

const codeError = (text: string, message: string) => new ApiError(400, text, message);

/** The mobile number as ten national digits, or the PhoneNumberInvalid answer (server text of 002 §5). */
export function requireUsNumber(input: string): string {
  if (!isValidUsNumber(input))
    throw new ApiError(400, VERIFICATION_ERROR_TEXT.phone, 'Phone number is not correct');
  return nationalNumber(input);
}

/** Password change and mobile verification of the settings (001 §2, §5; 002 §4.8). */
export function createSettingsService(ctx: AppContext) {
  const { users, sessions, tokens, organizations, limiter, sms } = ctx;
  const verifications = createMobileVerificationRepository(ctx.db);
  // Keyed with a key derived from the server's secret: a leaked table row does not give the code away by
  // trying all 100,000 codes.
  const codeKey = createHmac('sha256', resolveTokenSecret(ctx.config.TOKEN_SECRET, ctx.config.DATA_DIR))
    .update('mobile-verification-code')
    .digest();
  const hashCode = (userId: string, code: string) =>
    createHmac('sha256', codeKey).update(`${userId}:${code}`).digest('hex');

  return {
    /**
     * Checks the current password, stores an Argon2id hash of the new one, ends every session of the user
     * (other devices included) and opens a new one for this device, whose token is answered.
     */
    async changePassword(
      userId: string,
      input: { current_password: string; new_password: string },
      address: string,
      device: string | null = null,
    ) {
      await enforceAttemptLimits(ctx, 'password-change', userId, address);
      const stored = await users.passwordHashOf(userId);
      if (!stored || !(await verifyPassword(stored, input.current_password))) {
        throw new ApiError(400, 'InvalidCurrentPassword', MESSAGES.currentPasswordIncorrect);
      }
      await limiter.reset(`password-change:acct:${userId}`);
      await users.setPasswordHash(userId, await hashPassword(input.new_password));
      await sessions.revokeAll(userId);
      const user = await users.findPatient(userId);
      if (!user) throw Errors.notFound('The patient');
      const { token } = await issueSessionToken({ sessions, tokens }, user, device);
      return { message: MESSAGES.passwordUpdated, token, user };
    },

    /** Sends a new 5-digit code to the number; earlier codes stop working. */
    async sendCode(userId: string, organizationId: string, input: string, log: FastifyBaseLogger) {
      const org = await organizations.findById(organizationId);
      if (org?.settings.verification?.has_mobile_verification !== true) {
        throw Errors.badRequest(MESSAGES.mobileVerificationDisabled, 'MobileVerificationDisabled');
      }
      const mobileNumber = requireUsNumber(input);
      // Per patient, and per number so that many accounts cannot flood one phone with texts.
      const hits = await Promise.all(
        [`mobile-code:${userId}`, `mobile-code-number:${mobileNumber}`].map((key) =>
          limiter.hit(key, MOBILE_CODE_SENDS_PER_WINDOW, MOBILE_CODE_SEND_WINDOW_SECONDS),
        ),
      );
      const refused = hits.filter((h) => !h.allowed);
      if (refused.length > 0)
        throw Errors.tooManyRequests(Math.max(...refused.map((h) => h.retryAfterSeconds)));
      const code = String(randomInt(0, 100_000)).padStart(5, '0');
      const expiresAt = new Date(Date.now() + MOBILE_CODE_TTL_MINUTES * 60_000);
      await verifications.save(userId, { mobileNumber, codeHash: hashCode(userId, code), expiresAt });
      try {
        await sms.send({
          to: toE164(mobileNumber),
          body: `${org.settings.name || org.name}: your verification code is ${code}. It expires in ${MOBILE_CODE_TTL_MINUTES} minutes. Reply STOP to unsubscribe, HELP for help.`,
        });
      } catch {
        log.warn('verification code not sent');
        throw new ApiError(502, 'SmsUnavailable', MESSAGES.generic);
      }
      return { message: MESSAGES.verificationCodeSent, expires_at: expiresAt.toISOString() };
    },

    /** Checks the code; on success the number is saved as the patient's verified mobile number. */
    async verifyCode(userId: string, code: string, input: string | undefined) {
      const pending = await verifications.find(userId);
      if (!pending) {
        throw codeError(VERIFICATION_ERROR_TEXT.codeIncorrect, MESSAGES.verificationCodeIncorrect);
      }
      if (pending.expiresAt.getTime() <= Date.now()) {
        throw codeError(VERIFICATION_ERROR_TEXT.codeExpired, MESSAGES.verificationCodeExpired);
      }
      if (pending.attempts >= MOBILE_CODE_MAX_ATTEMPTS) {
        throw codeError(VERIFICATION_ERROR_TEXT.codeAttempts, MESSAGES.verificationCodeAttempts);
      }
      if (input !== undefined && requireUsNumber(input) !== pending.mobileNumber) {
        throw codeError(VERIFICATION_ERROR_TEXT.codeIncorrect, MESSAGES.verificationCodeIncorrect);
      }
      const expected = Buffer.from(pending.codeHash, 'hex');
      const given = Buffer.from(hashCode(userId, code), 'hex');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        const counted = await verifications.countWrongAttempt(userId, MOBILE_CODE_MAX_ATTEMPTS);
        if (!counted) {
          throw codeError(VERIFICATION_ERROR_TEXT.codeAttempts, MESSAGES.verificationCodeAttempts);
        }
        throw codeError(VERIFICATION_ERROR_TEXT.codeIncorrect, MESSAGES.verificationCodeIncorrect);
      }
      if (!(await verifications.complete(userId, pending.codeHash))) {
        throw codeError(VERIFICATION_ERROR_TEXT.codeIncorrect, MESSAGES.verificationCodeIncorrect);
      }
      const user = await users.findPatient(userId);
      if (!user) throw Errors.notFound('The patient');
      return user;
    },
  };
}
