import type {
  SecurityActionBody,
  SecurityActionResponse,
  SecurityOverview,
} from '@portal/domain/contracts/security';
import { normalizeSecondFactor, RECOVERY_CODE_COUNT, SECURITY_TEXTS } from '@portal/domain/security/texts';
import QRCode from 'qrcode';
import type { AppContext } from '../../context';
import { issueSessionToken } from '../../platform/auth/issue-token';
import { verifyPassword } from '../../platform/auth/password';
import { resolveTokenSecret } from '../../platform/auth/secret';
import { ApiError, Errors } from '../../platform/errors';
import { describeError } from '../../platform/log-safe';
import { createSecretBox, newRecoveryCode } from './secret-box';
import { createSecurityRepository, type TwoFactorState } from './security.repository';
import { matchTotpStep, newTotpSecret, otpauthUrl } from './totp';
import { renderTwoFactorEmail } from './two-factor-email';

type Log = { error: (o: object, m: string) => void };

const codeRequired = () => new ApiError(403, 'TwoFactorRequired', SECURITY_TEXTS.codeRequired);
const codeIncorrect = () => new ApiError(401, 'TwoFactorCodeIncorrect', SECURITY_TEXTS.codeIncorrect);

/** Two-factor sign-in (TOTP with recovery codes) and the account's signed-in sessions (002 §7.7). */
export function createSecurityService(ctx: AppContext) {
  const repo = createSecurityRepository(ctx.db);
  const box = createSecretBox(resolveTokenSecret(ctx.config.TOKEN_SECRET, ctx.config.DATA_DIR));

  /** A valid code, used once: an authenticator code of a step after the last accepted, or an unused recovery code. */
  async function consumeSecondFactor(userId: string, state: TwoFactorState, input: string): Promise<boolean> {
    const factor = normalizeSecondFactor(input);
    if (!factor || !state.secret) return false;
    if (factor.kind === 'recovery')
      return repo.useRecoveryCode(userId, box.hashRecoveryCode(userId, factor.value));
    const secret = box.open(state.secret);
    const step = secret ? matchTotpStep(secret, factor.value, ctx.now()) : null;
    if (step === null || (state.lastStep !== null && step <= state.lastStep)) return false;
    return repo.acceptStep(userId, step);
  }

  async function newRecoveryCodes(userId: string) {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    return { codes, hashes: codes.map((c) => box.hashRecoveryCode(userId, c.replace('-', ''))) };
  }

  async function overview(userId: string, currentSid: string | undefined): Promise<SecurityOverview> {
    const [state, active] = await Promise.all([repo.state(userId), repo.activeSessions(userId)]);
    return {
      two_factor_enabled: state.secret !== null,
      two_factor_enabled_at: state.enabledAt?.toISOString() ?? null,
      recovery_codes_left: state.secret ? state.recoveryCodesLeft : 0,
      sessions: active.map((s) => ({
        id: s.id,
        created_at: s.createdAt.toISOString(),
        expires_at: s.expiresAt.toISOString(),
        device: s.device,
        current: s.id === currentSid,
      })),
    };
  }

  async function tellPatient(userId: string, enabled: boolean, device: string | null, log: Log) {
    const user = await ctx.users.findPatient(userId);
    const org = user ? await ctx.organizations.findById(user.organization) : undefined;
    if (!user || !org) return;
    const mail = renderTwoFactorEmail({
      brand: org.settings.name || org.name,
      firstName: user.first_name,
      enabled,
      at: ctx.now(),
      device,
      supportEmail: org.settings.support_email,
    });
    await ctx.mailer
      .send({ to: user.email, ...mail })
      .catch((error: Error) =>
        log.error({ err: describeError(error) }, 'two-factor e-mail could not be sent'),
      );
  }

  return {
    overview,

    /**
     * The login's second step: nothing to do when two-factor is off; otherwise a code is required (403
     * TwoFactorRequired) and must be valid and unused (401 TwoFactorCodeIncorrect).
     */
    async checkAtLogin(userId: string, code: string | undefined): Promise<void> {
      const state = await repo.state(userId);
      if (!state.secret) return;
      if (!code) throw codeRequired();
      if (!(await consumeSecondFactor(userId, state, code))) throw codeIncorrect();
    },

    async act(
      userId: string,
      body: SecurityActionBody,
      session: { sid: string | undefined; device: string | null },
      log: Log,
    ): Promise<SecurityActionResponse> {
      const state = await repo.state(userId);
      switch (body.action) {
        case 'start_two_factor': {
          if (state.secret) throw Errors.badRequest(SECURITY_TEXTS.alreadyOn, 'TwoFactorAlreadyOn');
          const user = await ctx.users.findPatient(userId);
          const org = user ? await ctx.organizations.findById(user.organization) : undefined;
          if (!user || !org) throw Errors.notFound('The patient');
          const secret = newTotpSecret();
          await repo.setPending(userId, box.seal(secret));
          const url = otpauthUrl(secret, org.settings.name || org.name, user.email);
          const qr = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
          return {
            ...(await overview(userId, session.sid)),
            setup: { secret, otpauth_url: url, qr_svg: qr },
          };
        }
        case 'enable_two_factor': {
          if (state.secret) throw Errors.badRequest(SECURITY_TEXTS.alreadyOn, 'TwoFactorAlreadyOn');
          const pending = state.pendingSecret ? box.open(state.pendingSecret) : null;
          if (!pending || !state.pendingSecret)
            throw Errors.badRequest(SECURITY_TEXTS.notStarted, 'TwoFactorNotStarted');
          const factor = normalizeSecondFactor(body.code);
          const step = factor?.kind === 'totp' ? matchTotpStep(pending, factor.value, ctx.now()) : null;
          if (step === null) throw new ApiError(400, 'TwoFactorCodeIncorrect', SECURITY_TEXTS.codeIncorrect);
          const { codes, hashes } = await newRecoveryCodes(userId);
          if (!(await repo.enable(userId, state.pendingSecret, step, hashes))) {
            throw Errors.badRequest(SECURITY_TEXTS.notStarted, 'TwoFactorNotStarted');
          }
          await tellPatient(userId, true, session.device, log);
          return { ...(await overview(userId, session.sid)), recovery_codes: codes };
        }
        case 'disable_two_factor': {
          if (!state.secret) throw Errors.badRequest(SECURITY_TEXTS.notOn, 'TwoFactorOff');
          const stored = await ctx.users.passwordHashOf(userId);
          if (!stored || !(await verifyPassword(stored, body.password))) {
            throw new ApiError(400, 'InvalidCurrentPassword', SECURITY_TEXTS.passwordIncorrect);
          }
          if (!(await consumeSecondFactor(userId, state, body.code))) {
            throw new ApiError(400, 'TwoFactorCodeIncorrect', SECURITY_TEXTS.codeIncorrect);
          }
          await repo.disable(userId);
          await tellPatient(userId, false, session.device, log);
          return overview(userId, session.sid);
        }
        case 'regenerate_recovery_codes': {
          if (!state.secret) throw Errors.badRequest(SECURITY_TEXTS.notOn, 'TwoFactorOff');
          if (!(await consumeSecondFactor(userId, state, body.code))) {
            throw new ApiError(400, 'TwoFactorCodeIncorrect', SECURITY_TEXTS.codeIncorrect);
          }
          const { codes, hashes } = await newRecoveryCodes(userId);
          await repo.replaceRecoveryCodes(userId, hashes);
          return { ...(await overview(userId, session.sid)), recovery_codes: codes };
        }
        case 'sign_out_other_sessions': {
          // Every session ends (on every instance, through the revocation bus); this device gets a new one.
          await ctx.sessions.revokeAll(userId);
          const user = await ctx.users.findPatient(userId);
          if (!user) throw Errors.notFound('The patient');
          const { token, sid } = await issueSessionToken(ctx, user, session.device);
          return { ...(await overview(userId, sid)), token };
        }
      }
    },
  };
}
export type SecurityService = ReturnType<typeof createSecurityService>;
