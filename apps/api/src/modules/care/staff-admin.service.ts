import { staffCan } from '@portal/domain/care/staff-roles';
import type { CareAuditPage } from '@portal/domain/contracts/care';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { users } from '../../db/schema/users';
import type { Auth } from '../../platform/auth/access';
import { Errors } from '../../platform/errors';
import type { NotificationInput, Notifier } from '../notifications/notifier';

const patients = alias(users, 'patients');
const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const positionAt = sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A position in an audit trail, newest first: the instant to the microsecond and the row number. */
function decodeAuditCursor(cursor: string): { at: string; id: number } {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length || !at || !AT.test(at) || !id || !/^\d{1,18}$/.test(id) || Number.isNaN(Date.parse(at))) {
    throw Errors.badRequest('The cursor is not valid.');
  }
  return { at, id: Number(id) };
}

/**
 * Identity checks and the audit trail (issue 12 §5, §7). A completed identity makes the patient verified,
 * which fixes their name, sex and birthday (001 §2); a rejected one asks for new photos with the reason.
 */
export function createStaffAdminService(deps: { db: Db; notifier: Pick<Notifier, 'store' | 'deliver'> }) {
  const allow = (auth: Auth, action: Parameters<typeof staffCan>[1]) => {
    if (!staffCan(auth.role, action)) throw Errors.forbidden();
  };

  return {
    async verifyIdentity(
      auth: Auth,
      patientId: string,
      body: { status: 'completed' | 'rejected'; reason?: string | undefined },
    ) {
      allow(auth, 'verify_identity');
      const completed = body.status === 'completed';
      const notice: NotificationInput = completed
        ? { category: 'visit', message: 'Your identity has been verified. Thank you!' }
        : {
            category: 'visit',
            message: `We could not verify your identity: ${body.reason} Please upload new photos of your ID and of yourself.`,
          };
      const done = await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({
            verificationStatus: body.status,
            verified: completed,
            image: sql`coalesce(${users.image}, '{}'::jsonb) || ${JSON.stringify(
              completed ? { requires_user_attention: false } : { requires_user_attention: true },
            )}::jsonb`,
          })
          .where(
            and(
              eq(users.id, patientId),
              eq(users.organizationId, auth.organizationId),
              eq(users.role, 'patient'),
            ),
          )
          .returning({ id: users.id });
        if (!row) throw Errors.notFound('The patient');
        await deps.notifier.store(tx as unknown as Db, patientId, auth.organizationId, notice);
        return row;
      });
      deps.notifier.deliver(patientId, notice);
      return { _id: done.id, verification_status: body.status, verified: completed };
    },

    async audit(
      auth: Auth,
      query: {
        patient?: string | undefined;
        actor?: string | undefined;
        cursor?: string | undefined;
        limit: number;
      },
    ): Promise<CareAuditPage> {
      allow(auth, 'read_audit');
      const subject = (query.patient ?? query.actor)!;
      const [member] = await deps.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, subject), eq(users.organizationId, auth.organizationId)))
        .limit(1);
      if (!member) throw Errors.notFound(query.patient ? 'The patient' : 'The staff member');
      const after = query.cursor ? decodeAuditCursor(query.cursor) : undefined;
      const where: SQL[] = [
        query.patient ? eq(auditLog.patientId, query.patient) : eq(auditLog.actorId, query.actor!),
      ];
      if (after) where.push(sql`(${auditLog.at}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id})`);
      const rows = await deps.db
        .select({
          id: auditLog.id,
          at: positionAt,
          action: auditLog.action,
          outcome: auditLog.outcome,
          statusCode: auditLog.statusCode,
          patientId: auditLog.patientId,
          actorId: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          role: users.role,
          patientFirstName: patients.firstName,
          patientLastName: patients.lastName,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .leftJoin(patients, eq(patients.id, auditLog.patientId))
        .where(and(...where))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map((r) => ({
          at: r.at,
          actor: r.actorId
            ? {
                _id: r.actorId,
                first_name: r.firstName ?? '',
                last_name: r.lastName ?? '',
                role: r.role ?? '',
              }
            : null,
          patient: r.patientId,
          patient_name: r.patientId
            ? [r.patientFirstName, r.patientLastName].filter(Boolean).join(' ') || null
            : null,
          action: r.action,
          outcome: r.outcome,
          status_code: r.statusCode,
        })),
        next_cursor:
          rows.length > query.limit && last
            ? Buffer.from(`${last.at}|${last.id}`).toString('base64url')
            : null,
      };
    },
  };
}
