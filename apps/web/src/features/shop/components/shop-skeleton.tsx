/** The shop while its products load (000 §2 screen 13): the shape of the grid, announced once as loading. */
export function ShopGridSkeleton({ cards = 6 }: { cards?: number }) {
  return (
    <div className="shop-skeleton" role="status" aria-live="polite">
      <span className="ui-visually-hidden">Loading products</span>
      <ul className="shop-grid" aria-hidden="true">
        {Array.from({ length: cards }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <li key={i} className="shop-card shop-card--skeleton">
            <div className="shop-card__media shop-skeleton__block" />
            <div className="shop-card__body">
              <div className="shop-skeleton__line shop-skeleton__line--short" />
              <div className="shop-skeleton__line shop-skeleton__line--title" />
              <div className="shop-skeleton__line" />
              <div className="shop-skeleton__line" />
              <div className="shop-skeleton__line shop-skeleton__line--button" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The hero's place while the shop settings load, so the grid does not jump when the banners arrive. */
export function HeroSkeleton() {
  return <div className="shop-hero shop-hero--skeleton shop-skeleton__block" aria-hidden="true" />;
}
