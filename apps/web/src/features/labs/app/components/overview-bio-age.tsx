import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { labBioAgeQueryOptions } from '../../../../api/labs';
import { panelPath } from './panel-nav';

/** "3.2 years younger than your age of 40", or older, or the same; from the two ages in years. */
export function ageComparison(bioAge: number, chronologicalAge: number): string {
  const diff = Math.round((bioAge - chronologicalAge) * 10) / 10;
  if (diff === 0) return `The same as your age of ${chronologicalAge}`;
  const years = Math.abs(diff);
  return `${years.toFixed(1)} ${years === 1 ? 'year' : 'years'} ${diff < 0 ? 'younger' : 'older'} than your age of ${chronologicalAge}`;
}

/**
 * The biological age of a report, with the patient's age on the sample's day when the panel's biological-age
 * read is about this same report (it reads the latest reviewed one), and a link to the Biological Age page.
 */
export function OverviewBioAge({
  panelId,
  reportId,
  bioAge,
}: {
  panelId: string;
  reportId: string;
  bioAge: number;
}) {
  const overview = useQuery({ ...labBioAgeQueryOptions(panelId), retry: false });
  const same = overview.data?.available && overview.data.reportId === reportId ? overview.data : null;
  return (
    <section className="labs-card labs-ov-bioage" aria-labelledby="labs-ov-bioage-title">
      <h2 id="labs-ov-bioage-title">Biological age</h2>
      <p className="labs-ov-bioage__value">
        <strong>{bioAge.toFixed(1)}</strong> years
      </p>
      {same ? (
        <p className="labs-ov-bioage__compare">{ageComparison(bioAge, same.chronologicalAge)}</p>
      ) : null}
      <Link className="labs-ov__more" to={panelPath(panelId, 'biological-age')}>
        About your biological age
      </Link>
    </section>
  );
}
