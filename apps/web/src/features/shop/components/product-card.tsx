import type { ProductTemplate } from '@portal/domain/contracts/product';
import { labAvailability } from '@portal/domain/labs/availability';
import {
  BADGE_TONE_COLORS,
  cardAction,
  cardBadges,
  cutDescription,
  learnMoreHref,
  startVisitPath,
} from '@portal/domain/shop/cards';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button';
import { HiddenSuffix } from '../../../components/ui/hidden-suffix';

/**
 * A product of the shop grid (002 §2.6): image, badges, name, the description cut at 126 characters (the
 * whole text stays for screen readers), Learn More, and Purchase for labs and supplements or Start Visit for
 * the others. A lab in a state where labs are not sold says so instead of offering to buy it (002 §5, §8).
 */
export function ProductCard({
  product,
  patientState,
  onPurchase,
}: {
  product: ProductTemplate;
  patientState: string | null | undefined;
  onPurchase: (templateId: string) => void;
}) {
  const nameId = useId();
  const description = cutDescription(product.description);
  const learnMore = learnMoreHref(product);
  const action = cardAction(product.type);
  const availability = product.type === 'lab' ? labAvailability(patientState) : { available: true as const };
  const image = product.product_images[0];
  const name = product.name;

  return (
    <li className="shop-card">
      <article className="shop-card__article" aria-labelledby={nameId}>
        <div className="shop-card__media">{image ? <img src={image} alt="" loading="lazy" /> : null}</div>
        <div className="shop-card__body">
          <ul className="shop-card__badges" aria-label="Tags">
            {cardBadges(product).map((badge) => (
              <li
                key={badge.label}
                className="shop-card__badge"
                style={{
                  color: BADGE_TONE_COLORS[badge.tone].text,
                  backgroundColor: BADGE_TONE_COLORS[badge.tone].background,
                }}
              >
                {badge.label}
              </li>
            ))}
          </ul>
          <h3 id={nameId} className="shop-card__name">
            {name}
          </h3>
          {description.cut ? (
            <p className="shop-card__description">
              <span aria-hidden="true">{description.text}</span>
              <span className="ui-visually-hidden">{product.description}</span>
            </p>
          ) : (
            <p className="shop-card__description">{description.text}</p>
          )}
          <div className="shop-card__actions">
            {learnMore.external ? (
              <a
                className={buttonClassName({ variant: 'secondary', size: 'sm' })}
                href={learnMore.href}
                target="_blank"
                rel="noopener noreferrer"
              >
                Learn More<HiddenSuffix>about {name} (opens in a new tab)</HiddenSuffix>
              </a>
            ) : (
              <Link className={buttonClassName({ variant: 'secondary', size: 'sm' })} to={learnMore.href}>
                Learn More<HiddenSuffix>about {name}</HiddenSuffix>
              </Link>
            )}
            {!availability.available ? null : action === 'purchase' ? (
              <Button size="sm" onClick={() => onPurchase(product._id)}>
                Purchase<HiddenSuffix>{name}</HiddenSuffix>
              </Button>
            ) : (
              <Link className={buttonClassName({ size: 'sm' })} to={startVisitPath(product)}>
                Start Visit<HiddenSuffix>for {name}</HiddenSuffix>
              </Link>
            )}
          </div>
          {availability.available ? null : <p className="shop-card__notice">{availability.message}</p>}
        </div>
      </article>
    </li>
  );
}
