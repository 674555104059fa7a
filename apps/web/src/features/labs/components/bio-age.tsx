import { BIO_AGE_ANIMATION_MS } from '@portal/domain/constants';
import { useCountUp } from '../lib/use-count-up';

/** "Your Biological Age" (002 §2.4): counts up to the years over 2 s (at once with reduced motion). */
export function BioAgeCounter({ years }: { years: number }) {
  const shown = useCountUp(years, BIO_AGE_ANIMATION_MS);
  return (
    <p className="labs-bioage__value">
      <span aria-hidden="true" data-testid="bio-age-count">
        {shown.toFixed(1)}
      </span>
      <span className="ui-visually-hidden">{years.toFixed(1)}</span> <span>years</span>
    </p>
  );
}
