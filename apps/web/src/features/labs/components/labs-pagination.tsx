import { pageNumbers } from '@portal/domain/orders/pagination';
import { Link } from 'react-router';

/** Up to 5 page numbers at a time (002 §2.2, §9), with previous and next; every page is a real link. */
export function LabsPagination({
  page,
  totalPages,
  hrefFor,
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
}) {
  if (totalPages <= 1) return null;
  const step = (target: number, label: string, text: string, enabled: boolean) =>
    enabled ? (
      <Link className="labs-pager__step" to={hrefFor(target)} aria-label={label}>
        {text}
      </Link>
    ) : (
      <span className="labs-pager__step" aria-disabled="true">
        {text}
      </span>
    );
  return (
    <nav className="labs-pager" aria-label="Pagination">
      {step(page - 1, 'Previous page', '‹ Previous', page > 1)}
      <ul className="labs-pager__pages">
        {pageNumbers(page, totalPages).map((n) => (
          <li key={n}>
            <Link
              className="labs-pager__page"
              to={hrefFor(n)}
              aria-label={`Page ${n}`}
              aria-current={n === page ? 'page' : undefined}
            >
              {n}
            </Link>
          </li>
        ))}
      </ul>
      {step(page + 1, 'Next page', 'Next ›', page < totalPages)}
    </nav>
  );
}
