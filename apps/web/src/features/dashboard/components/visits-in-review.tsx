import { formatLongDate } from '@portal/domain/format/month-names';
import { visitReviewPath } from '@portal/domain/visits/visit-review';
import { AWAITING_PHYSICIAN_REVIEW } from '@portal/domain/visits/visits-in-review';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { visitsInReviewQueryOptions } from '../lib/visits-in-review';

/** Visits in Review (001 §2): submitted visits awaiting a physician, shown only when there are some. */
export function VisitsInReview({ userId }: { userId: string }) {
  const { data: visits } = useQuery(visitsInReviewQueryOptions(userId));
  if (!visits || visits.length === 0) return null;
  return (
    <section className="dashboard__card visits-review" aria-labelledby="visits-review-title">
      <h2 className="dashboard__card-title" id="visits-review-title">
        Visits in Review
      </h2>
      <ul className="visits-review__list">
        {visits.map((visit) => (
          <li key={visit.id} className="visits-review__item">
            <div>
              <p className="visits-review__name">{visit.productName ?? 'Online visit'}</p>
              <p className="visits-review__date">
                Submitted{' '}
                <time dateTime={visit.submittedAt}>{formatLongDate(new Date(visit.submittedAt))}</time>
              </p>
            </div>
            <span className="visits-review__status">{AWAITING_PHYSICIAN_REVIEW}</span>
            <Link className="visits-review__link" to={visitReviewPath(userId, visit.id)}>
              Review your answers{' '}
              <span className="ui-visually-hidden">for {visit.productName ?? 'Online visit'}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
