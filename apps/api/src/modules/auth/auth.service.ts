import type { PatientUser } from '@portal/domain/contracts/user';
import { normalizeSignup } from '@portal/domain/validation/signup';
import type { AppContext } from '../../context';
import { issueSessionToken } from '../../platform/auth/issue-token';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/auth/password';
import { Errors } from '../../platform/errors';
import { createSecurityService } from '../security/security.service';

export type SignupInput = {
  organizationId: string;
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  accepted_terms?: boolean | undefined;
  analytics_traits?: Record<string, string> | undefined;
};

/** Limits attempts per account and per client address; the count lives server-side, keyed by neither cookie nor token. */
export async function enforceAttemptLimits(
  ctx: AppContext,
  action: string,
  account: string,
  address: string,
) {
  const { limiter, config } = ctx;
  const window = config.RATE_LIMIT_WINDOW_SECONDS;
  const [byAccount, byAddress] = await Promise.all([
    limiter.hit(`${action}:acct:${account}`, config.RATE_LIMIT_ACCOUNT, window),
    limiter.hit(`${action}:addr:${address}`, config.RATE_LIMIT_ADDRESS, window),
  ]);
  if (!byAccount.allowed || !byAddress.allowed) {
    throw Errors.tooManyRequests(
      Math.max(
        byAccount.allowed ? 0 : byAccount.retryAfterSeconds,
        byAddress.allowed ? 0 : byAddress.retryAfterSeconds,
      ),
    );
  }
}

export function createAuthService(ctx: AppContext) {
  const { users, sessions, tokens } = ctx;

  const secondFactor = createSecurityService(ctx);
  const issueToken = async (user: PatientUser, device: string | null) =>
    (await issueSessionToken({ sessions, tokens }, user, device)).token;

  return {
    async signup(
      input: SignupInput,
      device: string | null = null,
    ): Promise<{ token: string; user: PatientUser }> {
      const clean = normalizeSignup({
        first_name: input.first_name,
        last_name: input.last_name,
        email: input.email,
      });
      if (await users.emailTaken(input.organizationId, clean.email)) throw Errors.emailAlreadyExists();
      const user = await users.insert({
        organizationId: input.organizationId,
        email: clean.email,
        firstName: clean.first_name,
        lastName: clean.last_name,
        passwordHash: await hashPassword(input.password),
        analyticsTraits: input.analytics_traits ?? null,
        acceptedTermsAt: input.accepted_terms ? new Date() : null,
      });
      // A concurrent signup with the same e-mail lost the race on the unique index.
      if (!user) throw Errors.emailAlreadyExists();
      return { token: await issueToken(user, device), user };
    },

    /**
     * Password first, then (when the account has it on) the second factor; the account's attempt counter is
     * cleared only once both passed, so wrong codes count like wrong passwords.
     */
    async login(
      organizationId: string,
      credentialsIn: { email: string; password: string; code?: string | undefined },
      address: string,
      device: string | null = null,
    ) {
      const { email, password, code } = credentialsIn;
      const account = `${organizationId}:${email.trim().toLowerCase()}`;
      await enforceAttemptLimits(ctx, 'login', account, address);
      const credentials = await users.findCredentials(organizationId, email.trim());
      const ok = credentials
        ? await verifyPassword(credentials.passwordHash, password)
        : await verifyAgainstDummy(password);
      if (!credentials || !ok) throw Errors.invalidCredentials();
      await secondFactor.checkAtLogin(credentials.id, code);
      await ctx.limiter.reset(`login:acct:${account}`);
      const user = await users.findPatient(credentials.id);
      if (!user) throw Errors.invalidCredentials();
      return { token: await issueToken(user, device), user };
    },

    /** Ends every token of the user, on this device and any other. */
    async logout(userId: string): Promise<void> {
      await sessions.revokeAll(userId);
    },
  };
}
