import type { PatientUser } from '@portal/domain/contracts/user';
import { normalizeSignup } from '@portal/domain/validation/auth';
import type { AppContext } from '../../context';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/auth/password';
import { Errors } from '../../platform/errors';

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

  async function issueToken(user: PatientUser): Promise<string> {
    const expiresAt = new Date(Date.now() + tokens.ttlSeconds * 1000);
    const sid = await sessions.create(user._id, user.organization, expiresAt);
    return tokens.sign({ sub: user._id, org: user.organization, sid }, expiresAt);
  }

  return {
    async signup(input: SignupInput): Promise<{ token: string; user: PatientUser }> {
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
      return { token: await issueToken(user), user };
    },

    async login(organizationId: string, email: string, password: string, address: string) {
      const account = `${organizationId}:${email.trim().toLowerCase()}`;
      await enforceAttemptLimits(ctx, 'login', account, address);
      const credentials = await users.findCredentials(organizationId, email.trim());
      const ok = credentials
        ? await verifyPassword(credentials.passwordHash, password)
        : await verifyAgainstDummy(password);
      if (!credentials || !ok) throw Errors.invalidCredentials();
      await ctx.limiter.reset(`login:acct:${account}`);
      const user = await users.findPatient(credentials.id);
      if (!user) throw Errors.invalidCredentials();
      return { token: await issueToken(user), user };
    },

    /** Ends every token of the user, on this device and any other. */
    async logout(userId: string): Promise<void> {
      await sessions.revokeAll(userId);
    },
  };
}
