import { LAYOUT_RECALC_DELAY_MS } from '@portal/domain/constants';
import { stickySummaryOffset } from '@portal/domain/signup/plan-summary';
import { type ReactNode, useEffect, useState } from 'react';

/**
 * Whether the total bar is sticky: only under 1024 px, once the page is scrolled past the width's offset
 * (002 §2.9, §9).
 */
export function useStickyAfterScroll(): boolean {
  const [sticky, setSticky] = useState(false);
  useEffect(() => {
    const update = () => {
      const offset = stickySummaryOffset(window.innerWidth);
      setSticky(offset !== null && window.scrollY > offset);
    };
    update();
    // 000 §9: the width is measured again 1 s after load: late fonts, images and the scrollbar change the
    // layout (and a restored scroll position) without a resize event.
    const recalc = setTimeout(update, LAYOUT_RECALC_DELAY_MS);
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      clearTimeout(recalc);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  return sticky;
}

/** The total with its Continue action. */
export function StickyTotalBar({
  label,
  amount,
  note,
  children,
}: {
  label: string;
  amount: string;
  note?: string | null;
  children: ReactNode;
}) {
  const sticky = useStickyAfterScroll();
  return (
    <section
      className={sticky ? 'total-bar total-bar--sticky' : 'total-bar'}
      aria-label="Total"
      data-sticky={sticky ? 'true' : 'false'}
    >
      <div>
        <p className="total-bar__label">{label}</p>
        <p className="total-bar__amount">{amount}</p>
        {note ? <p className="total-bar__label">{note}</p> : null}
      </div>
      <div className="total-bar__action">{children}</div>
    </section>
  );
}
