import { createHash, randomBytes } from 'node:crypto';
import type { Organization } from '@portal/domain/contracts/organization';
import type { AppContext } from '../../context';
import { hashPassword } from '../../platform/auth/password';
import { ApiError } from '../../platform/errors';
import { describeError } from '../../platform/log-safe';
import { enforceAttemptLimits } from './auth.service';
import { renderResetEmail } from './reset-email';
import { createResetTokenRepository } from './reset-token.repository';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const INVALID_RESET = 'This password reset link is invalid or has expired.';

export function createPasswordResetService(ctx: AppContext) {
  const tokens = createResetTokenRepository(ctx.db);
  const { users, sessions, config, mailer, organizations } = ctx;

  return {
    /**
     * Sends a reset link when the e-mail belongs to the organization. The answer does not depend on that,
     * and the mail goes out after the answer, so neither content nor timing tells who has an account.
     */
    async request(
      organization: Organization,
      email: string,
      address: string,
      log: { error: (o: object, m: string) => void },
    ) {
      await enforceAttemptLimits(ctx, 'reset', `${organization._id}:${email}`, address);
      const user = await users.findContact(organization._id, email);
      if (!user) return;
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + config.RESET_TOKEN_TTL_MINUTES * 60_000);
      await tokens.replace(user.id, sha256(token), expiresAt);
      // Built from the organization's stored address, never from the request's Host header.
      const link = `${organization.app_url.replace(/\/$/, '')}/request-password-reset/${organization._id}/${user.id}/${token}`;
      const mail = renderResetEmail({
        brand: organization.settings.name || organization.name,
        firstName: user.firstName,
        link,
        minutes: config.RESET_TOKEN_TTL_MINUTES,
        supportEmail: organization.settings.support_email,
      });
      // The link is a credential: it goes in the e-mail only, never in the log (the demo's outbox folder has it).
      void mailer
        .send({ to: user.email, ...mail })
        .catch((error: Error) => log.error({ err: describeError(error) }, 'reset e-mail could not be sent'));
    },

    async reset(
      organizationId: string,
      userId: string,
      resetToken: string,
      newPassword: string,
      address: string,
    ): Promise<void> {
      await enforceAttemptLimits(ctx, 'reset-confirm', `${organizationId}:${userId}`, address);
      const org = await organizations.findById(organizationId);
      const userOrg = await users.organizationOf(userId);
      if (!org || userOrg !== organizationId || !(await tokens.consume(userId, sha256(resetToken)))) {
        throw new ApiError(400, 'InvalidResetToken', INVALID_RESET);
      }
      await users.setPasswordHash(userId, await hashPassword(newPassword));
      await sessions.revokeAll(userId);
    },
  };
}
