import { CRP_CONVENTION_LABELS } from '@portal/domain/labs/biological-age';
import { displayValue } from '@portal/domain/labs/ranges';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { type LabBioAgeOverview, labBioAgeQueryOptions } from '../../../../api/labs';
import { PageSpinner } from '../../../../components/ui/spinner';
import { BioAgeCounter } from '../../components/bio-age';
import { formatLabDate } from '../../lib/format';
import { bioAgeDifference, requirementName, unusableReason } from '../components/bioage-text';
import { isNotFound, MarkerLoadError, throwNotFound } from '../components/marker-page-state';
import { usePanelName } from '../components/marker-panel-name';
import { PanelNav, panelPath } from '../components/panel-nav';
import '../../labs.css';
import '../markers.css';

export const BIO_AGE_TITLE = 'Biological Age';
export const BIO_AGE_LOAD_ERROR = 'We could not load your biological age. Please try again.';
export const PHENOAGE_MODEL = "Levine's PhenoAge, 2018";

type Available = Extract<LabBioAgeOverview, { available: true }>;
type Unavailable = Extract<LabBioAgeOverview, { available: false }>;

function About() {
  return (
    <section className="markers-card" aria-labelledby="bioage-about-title">
      <h2 id="bioage-about-title">What is PhenoAge?</h2>
      <p>
        PhenoAge is a formula published by Morgan Levine and colleagues in 2018. It combines nine routine
        blood markers with your age to estimate how old your body seems, compared with thousands of people in
        a US health survey followed for many years.
      </p>
      <p>
        It is a population model, not a diagnosis: it describes what is typical for people with results like
        yours, not what will happen to you. One infection or a single unusual result can move it, so it says
        most when you follow it over several tests. Talk it through with your care team.
      </p>
    </section>
  );
}

function AvailableAge({ data, panelId }: { data: Available; panelId: string }) {
  return (
    <>
      <section className="markers-card bioage-hero" aria-labelledby="bioage-value-title">
        <div className="bioage-hero__ages">
          <div className="bioage-hero__age labs-bioage">
            <h2 id="bioage-value-title">Your biological age</h2>
            <BioAgeCounter years={data.value} />
          </div>
          <div className="bioage-hero__age">
            <h2>Your age</h2>
            <p className="bioage-hero__years">{data.chronologicalAge} years</p>
          </div>
        </div>
        <p className="bioage-hero__difference">{bioAgeDifference(data.value, data.chronologicalAge)}</p>
        <dl className="bioage-facts">
          <div>
            <dt>Model</dt>
            <dd>{PHENOAGE_MODEL}</dd>
          </div>
          <div>
            <dt>Convention</dt>
            <dd>{CRP_CONVENTION_LABELS[data.convention]}</dd>
          </div>
          {data.takenOn ? (
            <div>
              <dt>Sample</dt>
              <dd>{formatLabDate(data.takenOn)}</dd>
            </div>
          ) : null}
        </dl>
      </section>

      <section className="markers-card" aria-labelledby="bioage-used-title">
        <h2 id="bioage-used-title">The markers it used</h2>
        <div className="bioage-table-wrap">
          <table className="bioage-table">
            <caption>
              Your results{data.takenOn ? ` of ${formatLabDate(data.takenOn)}` : ''} and the values the model
              read
            </caption>
            <thead>
              <tr>
                <th scope="col">Marker</th>
                <th scope="col">LOINC</th>
                <th scope="col">Your result</th>
                <th scope="col">In the model</th>
              </tr>
            </thead>
            <tbody>
              {data.markersUsed.map((m) => (
                <tr key={m.marker}>
                  <th scope="row">
                    <Link to={panelPath(panelId, `biomarker/${encodeURIComponent(m.marker)}`)}>{m.name}</Link>
                  </th>
                  <td data-label="LOINC">
                    <code>{m.loinc}</code>
                  </td>
                  <td data-label="Your result">
                    {displayValue(m.value)} {m.unit}
                  </td>
                  <td data-label="In the model">
                    {displayValue(m.modelValue)} {m.modelUnit}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}

function UnavailableAge({ data }: { data: Unavailable }) {
  return (
    <section className="markers-card" aria-labelledby="bioage-none-title">
      <h2 id="bioage-none-title">No biological age for this panel yet</h2>
      {data.reportId === null ? (
        <p>Your biological age is worked out once this panel has reviewed results.</p>
      ) : (
        <p>
          We work it out only from real results, never from a guess
          {data.missing.length + data.unusable.length > 0 ? ', and some are not there yet' : ''}.
        </p>
      )}
      {data.missing.length > 0 ? (
        <>
          <h3>Missing</h3>
          <ul className="bioage-missing">
            {data.missing.map((key) => (
              <li key={key}>{requirementName(key)}</li>
            ))}
          </ul>
        </>
      ) : null}
      {data.unusable.length > 0 ? (
        <>
          <h3>Could not be used</h3>
          <ul className="bioage-missing">
            {data.unusable.map((u) => (
              <li key={u.marker}>
                {requirementName(u.marker)}: {unusableReason(u.reason)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/**
 * The biological age of a panel's latest reviewed report (002 §2.3): PhenoAge beside the age, the difference
 * in words, the model, convention, sample and the markers used; or, when it cannot be worked out, what is
 * missing or unusable. Never a guess.
 */
export default function BiologicalAgePage() {
  const { panelId = '' } = useParams();
  const panelName = usePanelName(panelId);
  const query = useQuery(labBioAgeQueryOptions(panelId));

  if (query.isPending)
    return (
      <div className="markers-page">
        <PanelNav panelName={panelName} />
        <PageSpinner label="Loading your biological age" />
      </div>
    );
  if (query.isError && isNotFound(query.error)) throwNotFound();
  const data = query.data;
  if (!data)
    return (
      <div className="markers-page">
        <PanelNav panelName={panelName} />
        <MarkerLoadError
          title={BIO_AGE_TITLE}
          message={BIO_AGE_LOAD_ERROR}
          onRetry={() => void query.refetch()}
        />
      </div>
    );

  return (
    <article className="markers-page" aria-labelledby="bioage-title">
      <PanelNav panelName={panelName} />
      <h1 className="markers-page__title" id="bioage-title">
        {BIO_AGE_TITLE}
      </h1>
      {data.available ? <AvailableAge data={data} panelId={panelId} /> : <UnavailableAge data={data} />}
      <About />
    </article>
  );
}
