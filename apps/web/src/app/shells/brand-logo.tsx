import { brandName, useBrand } from '../../lib/brand';
import './brand-logo.css';

/** The organization's logo, or its name when it has none. */
export function BrandLogo({
  background = 'light',
  className,
}: {
  background?: 'light' | 'dark';
  className?: string;
}) {
  const { organization } = useBrand();
  const settings = organization?.settings;
  const name = brandName(organization);
  const src =
    (background === 'light' ? settings?.logo_light_background : settings?.logo_dark_background) ||
    settings?.logo;
  const classes = ['brand-logo', className].filter(Boolean).join(' ');
  if (src) return <img className={classes} src={src} alt={name} />;
  return <span className={`${classes} brand-logo--text`}>{name}</span>;
}
