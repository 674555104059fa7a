import { isDemoPortal } from '../../lib/demo';
import './demo-banner.css';

export const DEMO_BANNER_TEXT = 'Demo clinic: cards are not charged';

/** A discreet strip on every page of a demo portal, so nobody mistakes it for a clinic's real one. */
export function DemoBanner() {
  if (!isDemoPortal()) return null;
  return (
    <aside className="demo-banner" aria-label="Demo notice">
      {DEMO_BANNER_TEXT}
    </aside>
  );
}
