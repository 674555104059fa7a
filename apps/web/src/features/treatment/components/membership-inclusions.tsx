import type { Membership } from '@portal/domain/contracts/membership';

/** What a membership includes: its features and included products (000 §2 Screen 8, §3). */
export function MembershipInclusions({
  membership,
  title = 'Your membership includes',
}: {
  membership: Membership;
  title?: string;
}) {
  return (
    <section className="tx-membership" aria-labelledby="tx-membership-title">
      <h2 className="tx-membership__title" id="tx-membership-title">
        {title}
      </h2>
      {membership.features.length > 0 ? (
        <ul className="tx-membership__features">
          {membership.features.map((f) => (
            <li key={f.title}>
              <strong>{f.title}</strong>
              <span>{f.description}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {membership.included_products.length > 0 ? (
        <ul className="tx-membership__products" aria-label="Included products">
          {membership.included_products.map((p) => (
            <li key={p.name} className="tx-membership__product">
              {p.image ? <img src={p.image} alt="" /> : null}
              <div>
                <strong>{p.name}</strong>
                {p.features.length > 0 ? <span>{p.features.join(' · ')}</span> : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
