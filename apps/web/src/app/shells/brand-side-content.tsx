import { moreLinks, type SideContent } from '@portal/domain/branding/brand-content';
import type { Organization } from '@portal/domain/contracts/organization';
import { useId } from 'react';
import type { DropdownLink } from '../../lib/organization';
import './brand-side-content.css';

/**
 * The More menu's external entries (001 §2): the clinic's pharmacy, community and social links first, in that
 * order and only when configured with a label and a web address, then its other dropdown links.
 */
export function moreMenuLinks(organization: Organization | null): DropdownLink[] {
  const brand = moreLinks(organization?.settings).map(({ key, label, url }) => ({
    _id: `more-${key}`,
    name: label,
    url,
  }));
  return [...brand, ...(organization?.settings?.dropdown_links ?? [])];
}

/**
 * The side navigation's brand card, shown to users of the main organization (001 §2; the domain's sideContent
 * decides). Its title names the region; its link opens in a new tab and says so.
 */
export function BrandSideCard({ content, className = '' }: { content: SideContent; className?: string }) {
  const titleId = useId();
  return (
    <section className={`brand-side-card ${className}`.trim()} aria-labelledby={titleId}>
      <p className="brand-side-card__title" id={titleId}>
        {content.title}
      </p>
      <p className="brand-side-card__body">{content.body}</p>
      {content.link ? (
        <a
          className="brand-side-card__link"
          href={content.link.url}
          target="_blank"
          rel="noopener noreferrer"
        >
          {content.link.label} <span className="ui-visually-hidden">(opens in a new tab)</span>
        </a>
      ) : null}
    </section>
  );
}
