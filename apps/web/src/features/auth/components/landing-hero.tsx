import type { LandingHero as Hero } from '../hooks/use-landing';
import './landing-hero.css';

/** The campaign or product landing copy above the entry form (000 §2 Auth container). */
export function LandingHero({ hero, action }: { hero: Hero; action: string }) {
  return (
    <header className="landing-hero">
      {hero.image ? <img className="landing-hero__image" src={hero.image} alt="" /> : null}
      <div className="landing-hero__text">
        {hero.eyebrow ? <p className="landing-hero__eyebrow">{hero.eyebrow}</p> : null}
        <h1 className="landing-hero__title">{hero.title}</h1>
        {hero.description ? <p className="landing-hero__description">{hero.description}</p> : null}
        {hero.productName ? (
          <p className="landing-hero__product">
            <span className="landing-hero__product-label">Your product</span> {hero.productName}
          </p>
        ) : null}
        <p className="landing-hero__action">{action}</p>
      </div>
    </header>
  );
}
