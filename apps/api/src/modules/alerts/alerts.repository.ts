import { ALERTS, type AlertKind, isAlertKind } from '@portal/domain/care/alerts';
import type { CareAlertTask } from '@portal/domain/contracts/care';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { careAlerts } from '../../db/schema/alerts';
import { careNotes } from '../../db/schema/care';
import { users } from '../../db/schema/users';

export type AlertRow = {
  id: string;
  kind: AlertKind;
  patientId: string;
  createdAt: Date;
  resolvedAt: Date | null;
};

const alertColumns = {
  id: careAlerts.id,
  kind: careAlerts.kind,
  patientId: careAlerts.patientId,
  createdAt: careAlerts.createdAt,
  resolvedAt: careAlerts.resolvedAt,
};

const toRow = (r: {
  id: string;
  kind: string;
  patientId: string;
  createdAt: Date;
  resolvedAt: Date | null;
}): AlertRow | undefined => (isAlertKind(r.kind) ? { ...r, kind: r.kind } : undefined);

/** The open alerts read per request for the task list; the oldest come first. */
export const OPEN_ALERTS_LIMIT = 200;

export function createAlertsRepository(db: Db) {
  return {
    /** A patient of the organization (not a staff member), or undefined. */
    async patientOf(organizationId: string, patientId: string): Promise<{ id: string } | undefined> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(eq(users.id, patientId), eq(users.organizationId, organizationId), eq(users.role, 'patient')),
        )
        .limit(1);
      return row;
    },

    /**
     * Raises the alert, or finds the one already open for the patient and kind: the unique partial index on
     * open alerts decides between two raises at the same instant, so there is never a second open one.
     */
    async raise(input: {
      organizationId: string;
      patientId: string;
      kind: AlertKind;
      raisedBy: string;
      at: Date;
    }): Promise<{ alert: AlertRow; created: boolean }> {
      const [inserted] = await db
        .insert(careAlerts)
        .values({
          organizationId: input.organizationId,
          patientId: input.patientId,
          kind: input.kind,
          raisedBy: input.raisedBy,
          createdAt: input.at,
        })
        .onConflictDoNothing({
          target: [careAlerts.patientId, careAlerts.kind],
          where: sql`${careAlerts.resolvedAt} is null`,
        })
        .returning(alertColumns);
      if (inserted) return { alert: toRow(inserted)!, created: true };
      const [open] = await db
        .select(alertColumns)
        .from(careAlerts)
        .where(
          and(
            eq(careAlerts.patientId, input.patientId),
            eq(careAlerts.kind, input.kind),
            isNull(careAlerts.resolvedAt),
          ),
        )
        .limit(1);
      if (!open) throw new Error('An open alert neither inserted nor found');
      return { alert: toRow(open)!, created: false };
    },

    /** The organization's open alerts as care tasks, oldest first (the partial index's order). */
    async openTasks(organizationId: string): Promise<CareAlertTask[]> {
      const rows = await db
        .select({
          id: careAlerts.id,
          kind: careAlerts.kind,
          createdAt: careAlerts.createdAt,
          patientId: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(careAlerts)
        .innerJoin(users, eq(users.id, careAlerts.patientId))
        .where(and(eq(careAlerts.organizationId, organizationId), isNull(careAlerts.resolvedAt)))
        .orderBy(asc(careAlerts.createdAt), asc(careAlerts.id))
        .limit(OPEN_ALERTS_LIMIT);
      return rows.flatMap((r) =>
        isAlertKind(r.kind)
          ? [
              {
                _id: r.id,
                kind: 'patient_alert' as const,
                patient: { _id: r.patientId, first_name: r.firstName, last_name: r.lastName },
                alert: { kind: r.kind, ...ALERTS[r.kind] },
                created_at: r.createdAt.toISOString(),
              },
            ]
          : [],
      );
    },

    /**
     * Marks an open alert of the organization done, keeping what was done on it and in the clinic's private
     * notes. Undefined when the organization has no such alert; `resolved: false` when it was already done.
     */
    async resolve(input: {
      organizationId: string;
      alertId: string;
      by: string;
      outcome: string;
      at: Date;
    }): Promise<{ alert: AlertRow; resolved: boolean } | undefined> {
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select(alertColumns)
          .from(careAlerts)
          .where(and(eq(careAlerts.id, input.alertId), eq(careAlerts.organizationId, input.organizationId)))
          .for('update');
        const alert = found && toRow(found);
        if (!alert) return undefined;
        if (alert.resolvedAt) return { alert, resolved: false };
        await tx
          .update(careAlerts)
          .set({ resolvedAt: input.at, resolvedBy: input.by, outcome: input.outcome })
          .where(eq(careAlerts.id, alert.id));
        await tx.insert(careNotes).values({
          organizationId: input.organizationId,
          patientId: alert.patientId,
          authorId: input.by,
          body: `${ALERTS[alert.kind].label} done: ${input.outcome}`,
        });
        return { alert: { ...alert, resolvedAt: input.at }, resolved: true };
      });
    },
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
