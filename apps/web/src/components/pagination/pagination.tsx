import { pageNumbers } from '@portal/domain/orders/pagination';
import { Link } from 'react-router';
import './pagination.css';

/** Up to 5 page numbers at a time (001 §9, 002 §2.2), with previous and next; every page is a real link. */
export function Pagination({
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
      <Link className="ui-pager__step" to={hrefFor(target)} aria-label={label}>
        {text}
      </Link>
    ) : (
      <span className="ui-pager__step" aria-disabled="true">
        {text}
      </span>
    );
  return (
    <nav className="ui-pager" aria-label="Pagination">
      {step(page - 1, 'Previous page', '‹ Previous', page > 1)}
      <ul className="ui-pager__pages">
        {pageNumbers(page, totalPages).map((n) => (
          <li key={n}>
            <Link
              className="ui-pager__page"
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
