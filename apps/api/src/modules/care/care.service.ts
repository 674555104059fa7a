import { hoursWaiting, reviewDueAt, waitStatus } from '@portal/domain/care/review-queue';
import { staffCan } from '@portal/domain/care/staff-roles';
import type { CareClaim, CareQueuePage, CareQueueQuery } from '@portal/domain/contracts/care';
import { ageOn, parseIsoDate } from '@portal/domain/format/date';
import type { Auth } from '../../platform/auth/access';
import { Errors } from '../../platform/errors';
import { decodeCursor, encodeCursor } from '../notifications/page-cursor';
import type { CareRepository } from './care.repository';

/** The care workspace's use cases (issue 12): who may do what is the domain's `staffCan`. */
export function createCareService(deps: { repo: CareRepository; now: () => Date }) {
  const { repo } = deps;
  const allow = (auth: Auth, action: Parameters<typeof staffCan>[1]) => {
    if (!staffCan(auth.role, action)) throw Errors.forbidden();
  };

  return {
    /** The review queue as this staff member sees it: a physician, only patients of their licensed states. */
    async queue(auth: Auth, query: CareQueueQuery): Promise<CareQueuePage> {
      allow(auth, 'read_chart');
      const licensedStates = auth.role === 'physician' ? await repo.licensedStates(auth.userId) : undefined;
      const after = query.cursor ? decodeCursor(query.cursor) : undefined;
      if (licensedStates?.length === 0)
        return { items: [], total: 0, total_capped: false, next_cursor: null };
      const now = deps.now();
      const { rows, more, total, totalCapped } = await repo.queuePage(
        {
          organizationId: auth.organizationId,
          licensedStates,
          state: query.state,
          product: query.product,
          overTarget: query.over_target,
          now,
        },
        after,
        query.limit,
      );
      const templateIds = [...new Set(rows.flatMap((r) => r.products.map((p) => p.product_template)))];
      const names = await repo.templateNames(auth.organizationId, templateIds);
      const last = rows.at(-1);
      return {
        total,
        total_capped: totalCapped,
        next_cursor: more && last ? encodeCursor({ at: last.submittedAt, id: last.id }) : null,
        items: rows.map((r) => {
          const birthday = r.birthday ? parseIsoDate(r.birthday) : null;
          return {
            _id: r.id,
            patient: {
              _id: r.patientId,
              first_name: r.firstName,
              last_name: r.lastName,
              age: birthday ? ageOn(birthday, now) : null,
              state: r.state,
              verification_status: r.verificationStatus,
            },
            products: r.products.map((p) => ({
              product_template: p.product_template,
              name: names.get(p.product_template) ?? 'Unknown product',
            })),
            submitted_at: r.submittedAt,
            waiting: {
              hours: hoursWaiting(r.submittedAt, now),
              status: waitStatus(r.submittedAt, now),
              due_at: reviewDueAt(r.submittedAt).toISOString(),
            },
            claimed_by:
              r.claimerId && r.claimedAt
                ? {
                    _id: r.claimerId,
                    first_name: r.claimerFirstName ?? '',
                    last_name: r.claimerLastName ?? '',
                    at: r.claimedAt.toISOString(),
                  }
                : null,
          };
        }),
      };
    },

    /** Marks the visit as being worked on by this staff member; answers the patient for the audit row. */
    async claim(auth: Auth, visitId: string): Promise<{ claim: CareClaim; patientId: string }> {
      allow(auth, 'claim_visit');
      const at = deps.now();
      const row = await repo.claim(auth.organizationId, visitId, auth.userId, at);
      if (!row) throw Errors.notFound('The visit awaiting review');
      const me = await repo.staffName(auth.userId);
      return {
        patientId: row.patientId,
        claim: {
          _id: row.id,
          claimed_by: {
            _id: auth.userId,
            first_name: me?.firstName ?? '',
            last_name: me?.lastName ?? '',
            at: at.toISOString(),
          },
        },
      };
    },
  };
}
