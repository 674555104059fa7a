import { bannerAt, type OfficeBanner } from '@portal/domain/messaging/office-hours';
import { useEffect, useState } from 'react';

const RECHECK_MS = 60_000;

/** The holiday or after-hours banner at this moment (001 §4, §9), checked again every minute. */
export function useOfficeBanner(): OfficeBanner {
  const [banner, setBanner] = useState<OfficeBanner>(() => bannerAt(new Date()));
  useEffect(() => {
    const timer = setInterval(() => setBanner(bannerAt(new Date())), RECHECK_MS);
    return () => clearInterval(timer);
  }, []);
  return banner;
}
