import type { ProductTemplate } from '@portal/domain/contracts/product';

/** Product image with a testimonial, and the shop benefits (000 §2 Screen 8). */
export function ProductShowcase({ template }: { template: ProductTemplate }) {
  const image = template.product_images[0] ?? template.settings.alternate_image;
  const testimonial = template.testimonials[0];
  return (
    <aside className="tx-showcase" aria-label="About this treatment">
      {image ? (
        <img className="tx-showcase__image" src={image} alt={template.product_name || template.name} />
      ) : null}
      {testimonial ? (
        <figure className="tx-testimonial">
          <blockquote>“{testimonial.quote}”</blockquote>
          <figcaption>
            {testimonial.author}
            {testimonial.title ? <span>, {testimonial.title}</span> : null}
          </figcaption>
        </figure>
      ) : null}
      {template.shop.benefits.length > 0 ? (
        <ul className="tx-benefits" aria-label="Benefits">
          {template.shop.benefits.map((b) => (
            <li key={b.title} className="tx-benefit">
              <strong>{b.title}</strong>
              <span>{b.description}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </aside>
  );
}
