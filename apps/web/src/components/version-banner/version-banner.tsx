import { MESSAGES } from '@portal/domain/messages';
import { useEffect, useSyncExternalStore } from 'react';
import { Button } from '../ui/button';
import {
  dismissVersionBanner,
  startVersionWatch,
  subscribeVersion,
  versionBannerShown,
  versionState,
} from './version-watch';
import './version-banner.css';

/**
 * The version banner (002 §2.12, §4.10): once the server has a newer build, "A new version is available!"
 * with Refresh (reloads the page) and Dismiss (hidden for an hour). It floats over the page, so it moves no
 * content when it appears.
 */
export function VersionBanner({ reload = () => window.location.reload() }: { reload?: () => void }) {
  useSyncExternalStore(subscribeVersion, versionState);
  if (!versionBannerShown()) return null;
  return (
    <div className="version-banner" role="status">
      <p className="version-banner__text">{MESSAGES.versionAvailable}</p>
      <div className="version-banner__actions">
        <Button size="sm" onClick={reload}>
          Refresh
        </Button>
        <Button size="sm" variant="secondary" onClick={() => dismissVersionBanner()}>
          Dismiss
        </Button>
      </div>
    </div>
  );
}

/** The banner with its watch: reads the version file at start and every 5 minutes while mounted. */
export default function VersionWatch() {
  useEffect(() => startVersionWatch(), []);
  return <VersionBanner />;
}
