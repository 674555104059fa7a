import type { LabAnalysis } from '../../../../api/labs';
import { formatLabDate } from '../../lib/format';

/** Who reviewed a report, with their photo (or initials) and the date of the review. */
export function SummaryReviewer({ analysis }: { analysis: LabAnalysis }) {
  const reviewer = analysis.reviewer;
  const date = formatLabDate(analysis.reviewed_at ?? analysis.updated_at);
  if (!reviewer) return date ? <p className="labs-reviewer__date">Reviewed {date}</p> : null;
  const name = `${reviewer.first_name} ${reviewer.last_name}`.trim();
  const initials = `${reviewer.first_name.charAt(0)}${reviewer.last_name.charAt(0)}`.toUpperCase();
  return (
    <div className="labs-reviewer">
      {reviewer.profile_img.url ? (
        <img className="labs-reviewer__avatar" src={reviewer.profile_img.url} alt="" width={44} height={44} />
      ) : (
        <span className="labs-reviewer__avatar labs-reviewer__avatar--initials" aria-hidden="true">
          {initials}
        </span>
      )}
      <p>
        <span className="labs-reviewer__by">Reviewed by {name}</span>
        {date ? <span className="labs-reviewer__date">{date}</span> : null}
      </p>
    </div>
  );
}
