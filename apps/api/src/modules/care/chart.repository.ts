import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { careNotes } from '../../db/schema/care';
import { intakeResponses, intakes, intakeTemplates, questions } from '../../db/schema/intakes';
import { notifications } from '../../db/schema/notifications';
import { orders } from '../../db/schema/orders';
import { subscriptions } from '../../db/schema/subscriptions';
import { users } from '../../db/schema/users';

/** Reads of one patient's chart (issue 12 §3); each asks one query, and the service asks them together. */
export function createChartRepository(db: Db) {
  return {
    async patient(organizationId: string, patientId: string) {
      const [row] = await db
        .select({
          id: users.id,
          role: users.role,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          mobileNumber: users.mobileNumber,
          birthday: users.birthday,
          sex: users.sex,
          height: users.height,
          weight: users.weight,
          state: users.state,
          shippingInfo: users.shippingInfo,
          medicalProfile: users.medicalProfile,
          verificationStatus: users.verificationStatus,
          image: users.image,
          featureFlags: users.featureFlags,
        })
        .from(users)
        .where(and(eq(users.id, patientId), eq(users.organizationId, organizationId)))
        .limit(1);
      return row;
    },

    async visits(patientId: string) {
      return db
        .select({
          id: intakes.id,
          template: intakeTemplates.name,
          completedAt: intakes.completedAt,
          patientComplete: intakes.patientComplete,
          physicianReview: intakes.physicianReview,
          closed: intakes.closed,
          awaitingPatientUpdate: intakes.awaitingPatientUpdate,
          products: intakes.products,
        })
        .from(intakes)
        .innerJoin(intakeTemplates, eq(intakeTemplates.id, intakes.templateId))
        .where(eq(intakes.userId, patientId))
        .orderBy(desc(intakes.createdAt), desc(intakes.id))
        .limit(50);
    },

    /** The answered questions of these visits, in the template's order, options by their labels. */
    async answers(intakeIds: string[]) {
      if (intakeIds.length === 0) return [];
      return db
        .select({
          intakeId: intakeResponses.intakeId,
          question: questions.label,
          text: intakeResponses.freeFormatResponse,
          options: sql<
            string[]
          >`coalesce((select json_agg(o.label order by o.position) from question_options o
            where o.id in (select jsonb_array_elements_text(${intakeResponses.response}))), '[]'::json)`,
        })
        .from(intakeResponses)
        .innerJoin(questions, eq(questions.id, intakeResponses.questionId))
        .where(and(inArray(intakeResponses.intakeId, intakeIds), isNotNull(intakeResponses.answeredAt)))
        .orderBy(intakeResponses.intakeId, questions.position, intakeResponses.id);
    },

    async subscriptions(patientId: string) {
      return db
        .select({
          id: subscriptions.id,
          name: subscriptions.name,
          status: subscriptions.status,
          createdAt: subscriptions.createdAt,
        })
        .from(subscriptions)
        .where(eq(subscriptions.userId, patientId))
        .orderBy(desc(subscriptions.createdAt))
        .limit(100);
    },

    async orders(patientId: string) {
      return db
        .select({
          id: orders.id,
          name: orders.name,
          status: orders.status,
          amount: orders.amount,
          createdAt: orders.createdAt,
        })
        .from(orders)
        .where(eq(orders.userId, patientId))
        .orderBy(desc(orders.createdAt))
        .limit(100);
    },

    async notifications(patientId: string) {
      return db
        .select({
          id: notifications.id,
          category: notifications.category,
          message: notifications.message,
          read: notifications.read,
          createdAt: notifications.createdAt,
        })
        .from(notifications)
        .where(eq(notifications.userId, patientId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(50);
    },

    async notes(patientId: string) {
      return db
        .select({
          id: careNotes.id,
          body: careNotes.body,
          createdAt: careNotes.createdAt,
          authorId: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          role: users.role,
        })
        .from(careNotes)
        .innerJoin(users, eq(users.id, careNotes.authorId))
        .where(eq(careNotes.patientId, patientId))
        .orderBy(desc(careNotes.createdAt), desc(careNotes.id))
        .limit(200);
    },

    /** Merges the flags into the patient's feature_flags (other keys stay); null when no such patient. */
    async setFeatureFlags(
      organizationId: string,
      patientId: string,
      flags: { labs2: boolean },
      at: Date,
    ): Promise<{ labs2?: boolean } | null> {
      const [row] = await db
        .update(users)
        .set({ featureFlags: sql`${users.featureFlags} || ${JSON.stringify(flags)}::jsonb`, updatedAt: at })
        .where(
          and(eq(users.id, patientId), eq(users.organizationId, organizationId), eq(users.role, 'patient')),
        )
        .returning({ featureFlags: users.featureFlags });
      return row?.featureFlags ?? null;
    },

    async addNote(note: {
      organizationId: string;
      patientId: string;
      authorId: string;
      body: string;
      at: Date;
    }) {
      const [row] = await db
        .insert(careNotes)
        .values({
          organizationId: note.organizationId,
          patientId: note.patientId,
          authorId: note.authorId,
          body: note.body,
          createdAt: note.at,
        })
        .returning({ id: careNotes.id });
      return row!.id;
    },

    /** The staff who opened the chart, newest first: allowed staff reads of the chart in the audit log. */
    async chartViews(patientId: string) {
      return db
        .select({
          at: auditLog.at,
          actorId: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          role: users.role,
        })
        .from(auditLog)
        .innerJoin(users, eq(users.id, auditLog.actorId))
        .where(
          and(
            eq(auditLog.patientId, patientId),
            eq(auditLog.action, 'GET /care/:org/patients/:id/chart'),
            eq(auditLog.outcome, 'allowed'),
          ),
        )
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(50);
    },

    async staffName(userId: string) {
      const [row] = await db
        .select({ firstName: users.firstName, lastName: users.lastName, role: users.role })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },
  };
}
export type ChartRepository = ReturnType<typeof createChartRepository>;
