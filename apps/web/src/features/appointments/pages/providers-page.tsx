import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { patientQueryOptions } from '../../../api/patient';
import { providersInStateQueryOptions } from '../../../api/physicians';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { PhysicianCard } from '../components/physician-card';
import '../appointments.css';
import { NewTabNote } from '../../../components/ui/hidden-suffix';

/**
 * The Providers page (001 §2): 'Providers', the clinic's physicians licensed in the patient's state with
 * their photo, NPI, bio and states, and a way to book each; listed only when the patient has a state.
 */
export default function ProvidersPage() {
  const { userId = '' } = useParams();
  const headingId = useId();
  const patient = useQuery(patientQueryOptions(userId));
  const state = patient.data?.state ?? '';
  const physicians = useQuery({ ...providersInStateQueryOptions(state), enabled: Boolean(state) });
  const appointments = `/dashboard/${encodeURIComponent(userId)}/appointments`;

  let content: React.ReactNode;
  if (patient.isPending || (state && physicians.isPending)) content = <Spinner label="Loading providers" />;
  else if (!state)
    content = (
      <Alert tone="info">
        Add your home state in <Link to={`/dashboard/${encodeURIComponent(userId)}/settings`}>Settings</Link>{' '}
        to see the providers licensed to treat you.
      </Alert>
    );
  else if (physicians.isError)
    content = (
      <Alert tone="error">
        <p>We could not load the providers. Please try again.</p>
        <Button size="sm" variant="secondary" onClick={() => void physicians.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  else if (!physicians.data?.length)
    content = (
      <Alert tone="info">No provider of the clinic is licensed in {state} yet. Please message us.</Alert>
    );
  else
    content = (
      <ul className="providers-list">
        {physicians.data.map((p) =>
          p.scheduling_link ? (
            <li key={p._id}>
              <PhysicianCard physician={p}>
                <a
                  className={buttonClassName({ size: 'sm' })}
                  href={p.scheduling_link}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Book with {p.first_name}
                  <NewTabNote />
                </a>
              </PhysicianCard>
            </li>
          ) : (
            <li key={p._id}>
              <PhysicianCard physician={p}>
                <Link className={buttonClassName({ size: 'sm' })} to={`${appointments}?physician=${p._id}`}>
                  Book with {p.first_name}
                </Link>
              </PhysicianCard>
            </li>
          ),
        )}
      </ul>
    );

  return (
    <section className="appointments-page" aria-labelledby={headingId}>
      <header className="appointments-page__header">
        <h1 id={headingId} className="appointments-page__title">
          Providers
        </h1>
      </header>
      {state ? <p className="providers-page__state">Licensed in {state}</p> : null}
      {content}
    </section>
  );
}
