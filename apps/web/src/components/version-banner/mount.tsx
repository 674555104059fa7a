import { createRoot } from 'react-dom/client';
import VersionWatch from './version-banner';

/**
 * Starts the version check (002 §4.10) in a root of its own beside the app's: loaded after the first screen,
 * so neither its code nor its read of the version file is on the way to that screen.
 */
export function mountVersionWatch(): void {
  const host = document.createElement('div');
  host.id = 'version-watch';
  document.body.appendChild(host);
  createRoot(host).render(<VersionWatch />);
}
