import type { Physician } from '@portal/domain/contracts/appointment';
import type { ReactNode } from 'react';

/** A physician as the Providers page and the booking views show them (001 §2, §3). */
export function PhysicianCard({ physician, children }: { physician: Physician; children?: ReactNode }) {
  const photo = physician.profile_img.url;
  const initials = `${physician.first_name[0] ?? ''}${physician.last_name[0] ?? ''}`;
  return (
    <article className="physician-card" aria-label={physician.name}>
      {photo ? (
        <img className="physician-card__photo" src={photo} alt="" width={72} height={72} />
      ) : (
        <span className="physician-card__photo physician-card__photo--initials" aria-hidden="true">
          {initials}
        </span>
      )}
      <div className="physician-card__body">
        <h2 className="physician-card__name">{physician.name}</h2>
        <p className="physician-card__npi">NPI {physician.npi_num}</p>
        {physician.bio.bio_description ? (
          <p className="physician-card__bio">{physician.bio.bio_description}</p>
        ) : null}
        <p className="physician-card__states">
          <span className="ui-visually-hidden">Licensed in </span>
          {physician.states.join(', ')}
        </p>
        {children ? <div className="physician-card__actions">{children}</div> : null}
      </div>
    </article>
  );
}
