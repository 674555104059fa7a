import { staffCan } from '@portal/domain/care/staff-roles';
import type { CareChart, CareFeatureFlags, CareNote } from '@portal/domain/contracts/care';
import { ageOn, parseIsoDate } from '@portal/domain/format/date';
import type { Auth } from '../../platform/auth/access';
import { Errors } from '../../platform/errors';
import type { CareRepository } from './care.repository';
import type { ChartRepository } from './chart.repository';

/** One patient's chart and the clinic's private notes on them (issue 12 §3). */
export function createChartService(deps: { repo: ChartRepository; care: CareRepository; now: () => Date }) {
  const { repo } = deps;
  const allow = (auth: Auth, action: Parameters<typeof staffCan>[1]) => {
    if (!staffCan(auth.role, action)) throw Errors.forbidden();
  };

  return {
    async chart(auth: Auth, patientId: string): Promise<CareChart> {
      allow(auth, 'read_chart');
      const patient = await repo.patient(auth.organizationId, patientId);
      if (patient?.role !== 'patient') throw Errors.notFound('The patient');
      const [visits, subscriptions, orders, notifications, notes, views] = await Promise.all([
        repo.visits(patientId),
        repo.subscriptions(patientId),
        repo.orders(patientId),
        repo.notifications(patientId),
        repo.notes(patientId),
        repo.chartViews(patientId),
      ]);
      const templateIds = [...new Set(visits.flatMap((v) => v.products.map((p) => p.product_template)))];
      const [answers, names] = await Promise.all([
        repo.answers(visits.map((v) => v.id)),
        deps.care.templateNames(auth.organizationId, templateIds),
      ]);
      const birthday = patient.birthday ? parseIsoDate(patient.birthday) : null;
      const image = patient.image ?? {};
      return {
        patient: {
          _id: patient.id,
          first_name: patient.firstName,
          last_name: patient.lastName,
          email: patient.email,
          mobile_number: patient.mobileNumber,
          birthday: patient.birthday,
          age: birthday ? ageOn(birthday, deps.now()) : null,
          sex: patient.sex,
          height: patient.height,
          weight: patient.weight,
          state: patient.state,
          shipping_info: patient.shippingInfo ?? null,
          feature_flags: { labs2: patient.featureFlags?.labs2 === true },
        },
        medical_history: patient.medicalProfile ?? null,
        identity: {
          verification_status: patient.verificationStatus,
          id_image_url: image.id?.id_url ?? null,
          profile_image_url: image.profile?.profile_url ?? null,
          requires_user_attention: image.requires_user_attention === true,
        },
        visits: visits.map((v) => ({
          _id: v.id,
          template: v.template,
          submitted_at: v.completedAt?.toISOString() ?? null,
          patient_complete: v.patientComplete,
          physician_review: v.physicianReview,
          closed: v.closed,
          awaiting_patient_update: v.awaitingPatientUpdate,
          // each requested product with its name, for the reviewer and the prescription form
          products: v.products.map((p) => ({ ...p, name: names.get(p.product_template) ?? null })),
          answers: answers
            .filter((a) => a.intakeId === v.id)
            .map((a) => ({ question: a.question, options: a.options, text: a.text })),
        })),
        subscriptions: subscriptions.map((s) => ({
          _id: s.id,
          name: s.name,
          status: s.status,
          created_at: s.createdAt.toISOString(),
        })),
        orders: orders.map((o) => ({
          _id: o.id,
          name: o.name,
          status: o.status,
          amount: o.amount,
          created_at: o.createdAt.toISOString(),
        })),
        notifications: notifications.map((n) => ({
          _id: n.id,
          category: n.category,
          message: n.message,
          read: n.read,
          created_at: n.createdAt.toISOString(),
        })),
        notes: notes.map((n) => ({
          _id: n.id,
          body: n.body,
          author: { _id: n.authorId, first_name: n.firstName, last_name: n.lastName, role: n.role },
          created_at: n.createdAt.toISOString(),
        })),
        viewed_by: views.map((v) => ({
          _id: v.actorId,
          first_name: v.firstName,
          last_name: v.lastName,
          role: v.role,
          at: v.at.toISOString(),
        })),
      };
    },

    /** The clinic switches the patient's labs experience (labs2); staff who manage labs only. */
    async setFeatureFlags(auth: Auth, patientId: string, flags: CareFeatureFlags): Promise<CareFeatureFlags> {
      allow(auth, 'manage_labs');
      const stored = await repo.setFeatureFlags(auth.organizationId, patientId, flags, deps.now());
      if (!stored) throw Errors.notFound('The patient');
      return { labs2: stored.labs2 === true };
    },

    async addNote(auth: Auth, patientId: string, body: string): Promise<CareNote> {
      allow(auth, 'write_note');
      const patient = await repo.patient(auth.organizationId, patientId);
      if (patient?.role !== 'patient') throw Errors.notFound('The patient');
      const at = deps.now();
      const id = await repo.addNote({
        organizationId: auth.organizationId,
        patientId,
        authorId: auth.userId,
        body,
        at,
      });
      const me = await repo.staffName(auth.userId);
      return {
        _id: id,
        body,
        author: {
          _id: auth.userId,
          first_name: me?.firstName ?? '',
          last_name: me?.lastName ?? '',
          role: me?.role ?? auth.role,
        },
        created_at: at.toISOString(),
      };
    },
  };
}
