import { createHash, randomBytes } from 'node:crypto';
import { staffCan } from '@portal/domain/care/staff-roles';
import type { CareInvitationLookup, CareInviteBody, CareStaffList } from '@portal/domain/contracts/care';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { newId } from '../../db/ids';
import { staffInvitations } from '../../db/schema/care';
import { physicianStates, physicians } from '../../db/schema/physicians';
import { users } from '../../db/schema/users';
import type { Auth } from '../../platform/auth/access';
import { hashPassword } from '../../platform/auth/password';
import { ApiError, Errors } from '../../platform/errors';
import { escapeHtml } from '../../platform/html';
import { describeError } from '../../platform/log-safe';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;
const STAFF_ROLES = ['physician', 'care_team', 'admin'] as const;
const INVALID_INVITATION = 'This invitation link is invalid or has expired.';

/**
 * The clinic's staff accounts (issue 12 §1): an admin invites by e-mail (the link is the credential: only its
 * hash is kept, it works once and for a week), the invited person chooses a password, and an admin can
 * deactivate an account, which ends its sessions at once and keeps it from signing in.
 */
export function createStaffService(ctx: AppContext) {
  const { db } = ctx;
  const allowAdmin = (auth: Auth) => {
    if (!staffCan(auth.role, 'manage_staff')) throw Errors.forbidden();
  };

  return {
    async list(auth: Auth): Promise<CareStaffList> {
      allowAdmin(auth);
      const staff = await db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          role: users.role,
          deactivatedAt: users.deactivatedAt,
        })
        .from(users)
        .where(and(eq(users.organizationId, auth.organizationId), inArray(users.role, [...STAFF_ROLES])))
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
      const licenses = await db
        .select({ userId: physicians.userId, state: physicianStates.state })
        .from(physicianStates)
        .innerJoin(physicians, eq(physicians.id, physicianStates.physicianId))
        .where(eq(physicians.organizationId, auth.organizationId));
      const open = await db
        .select()
        .from(staffInvitations)
        .where(
          and(
            eq(staffInvitations.organizationId, auth.organizationId),
            isNull(staffInvitations.acceptedAt),
            gt(staffInvitations.expiresAt, ctx.now()),
          ),
        )
        .orderBy(asc(staffInvitations.createdAt));
      return {
        items: staff.map((s) => ({
          _id: s.id,
          first_name: s.firstName,
          last_name: s.lastName,
          email: s.email,
          role: s.role as (typeof STAFF_ROLES)[number],
          active: s.deactivatedAt === null,
          licensed_states: licenses
            .filter((l) => l.userId === s.id)
            .map((l) => l.state)
            .sort(),
        })),
        invitations: open.map((i) => ({
          _id: i.id,
          email: i.email,
          role: i.role,
          first_name: i.firstName,
          last_name: i.lastName,
          expires_at: i.expiresAt.toISOString(),
        })),
      };
    },

    async invite(auth: Auth, body: CareInviteBody, log: { error: (o: object, m: string) => void }) {
      allowAdmin(auth);
      if (await ctx.users.emailTaken(auth.organizationId, body.email)) throw Errors.emailAlreadyExists();
      const org = await ctx.organizations.findById(auth.organizationId);
      if (!org) throw Errors.notFound('The organization');
      const token = randomBytes(32).toString('base64url');
      const id = newId();
      const expiresAt = new Date(ctx.now().getTime() + INVITATION_TTL_DAYS * 86_400_000);
      await db.insert(staffInvitations).values({
        id,
        organizationId: auth.organizationId,
        email: body.email,
        role: body.role,
        firstName: body.first_name,
        lastName: body.last_name,
        licensedStates: body.role === 'physician' ? body.licensed_states : [],
        npiNum: body.role === 'physician' ? (body.npi_num ?? null) : null,
        tokenHash: sha256(token),
        invitedBy: auth.userId,
        expiresAt,
      });
      const brand = org.settings.name || org.name;
      const link = `${org.app_url.replace(/\/$/, '')}/care/invitation/${id}/${token}`;
      const text = [
        `Hi ${body.first_name},`,
        '',
        `You have been invited to join ${brand}'s care team. Choose your password to sign in:`,
        link,
        '',
        `The link works once and for ${INVITATION_TTL_DAYS} days. If you were not expecting it, ignore this e-mail.`,
      ].join('\n');
      // The link is a credential: in the e-mail only, never in the log.
      void ctx.mailer
        .send({
          to: body.email,
          subject: `Your invitation to ${brand}`,
          text,
          html: `<p>Hi ${escapeHtml(body.first_name)},</p><p>You have been invited to join ${escapeHtml(brand)}'s care team.</p><p><a href="${escapeHtml(link)}">Choose your password</a></p><p>The link works once and for ${INVITATION_TTL_DAYS} days.</p>`,
        })
        .catch((error: Error) =>
          log.error({ err: describeError(error) }, 'invitation e-mail could not be sent'),
        );
      return { _id: id, email: body.email, role: body.role, expires_at: expiresAt.toISOString() };
    },

    /**
     * What the invited person is greeted with. Only the holder of the link learns anything: a wrong token and an
     * unknown id answer alike, and nothing beyond the invitation itself (clinic, their e-mail, name, role).
     */
    async lookup(id: string, token: string): Promise<CareInvitationLookup> {
      const [invitation] = await db
        .select()
        .from(staffInvitations)
        .where(eq(staffInvitations.id, id))
        .limit(1);
      if (!invitation || invitation.tokenHash !== sha256(token)) {
        throw new ApiError(404, 'InvalidInvitation', INVALID_INVITATION);
      }
      const org = await ctx.organizations.findById(invitation.organizationId);
      return {
        status: invitation.acceptedAt ? 'accepted' : invitation.expiresAt > ctx.now() ? 'open' : 'expired',
        clinic: org?.settings.name || org?.name || '',
        email: invitation.email,
        first_name: invitation.firstName,
        role: invitation.role,
        expires_at: invitation.expiresAt.toISOString(),
      };
    },

    /** Creates the account of an open invitation; the person then signs in at the clinic's /login. */
    async accept(input: { invitation: string; token: string; password: string }) {
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const [invitation] = await tx
          .select()
          .from(staffInvitations)
          .where(eq(staffInvitations.id, input.invitation))
          .for('update');
        const valid =
          invitation &&
          !invitation.acceptedAt &&
          invitation.expiresAt > ctx.now() &&
          invitation.tokenHash === sha256(input.token);
        if (!valid) throw new ApiError(400, 'InvalidInvitation', INVALID_INVITATION);
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              eq(users.organizationId, invitation.organizationId),
              sql`lower(${users.email}) = ${invitation.email}`,
            ),
          )
          .limit(1);
        if (taken) throw Errors.emailAlreadyExists();
        const userId = newId();
        await tx.insert(users).values({
          id: userId,
          organizationId: invitation.organizationId,
          role: invitation.role,
          email: invitation.email,
          passwordHash,
          firstName: invitation.firstName,
          lastName: invitation.lastName,
          requiresIntake: false,
        });
        if (invitation.role === 'physician' && invitation.npiNum) {
          const physicianId = newId();
          await tx.insert(physicians).values({
            id: physicianId,
            organizationId: invitation.organizationId,
            userId,
            firstName: invitation.firstName,
            lastName: invitation.lastName,
            npiNum: invitation.npiNum,
            isProvider: false,
          });
          if (invitation.licensedStates.length > 0) {
            await tx
              .insert(physicianStates)
              .values(invitation.licensedStates.map((state) => ({ physicianId, state })));
          }
        }
        await tx
          .update(staffInvitations)
          .set({ acceptedAt: ctx.now() })
          .where(eq(staffInvitations.id, invitation.id));
        return { _id: userId, email: invitation.email, role: invitation.role };
      });
    },

    async deactivate(auth: Auth, userId: string) {
      allowAdmin(auth);
      if (userId === auth.userId) {
        throw Errors.badRequest('You cannot deactivate your own account.', 'CannotDeactivateSelf');
      }
      const [row] = await db
        .update(users)
        .set({ deactivatedAt: ctx.now() })
        .where(
          and(
            eq(users.id, userId),
            eq(users.organizationId, auth.organizationId),
            inArray(users.role, [...STAFF_ROLES]),
          ),
        )
        .returning({ id: users.id });
      if (!row) throw Errors.notFound('The staff member');
      await db.update(physicians).set({ active: false }).where(eq(physicians.userId, userId));
      await ctx.sessions.revokeAll(userId);
      return { _id: userId, active: false };
    },
  };
}
