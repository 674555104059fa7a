/**
 * What the server writes into index.html as `<script type="application/json" id="portal-brand">`: the brand
 * (organization, fallback), whether the portal is a demo, and the error-reporting and analytics settings. Read
 * from the page itself, so each is known at first paint; missing or malformed gives an empty object.
 */
export interface PageData {
  organization?: { _id?: string } & Record<string, unknown>;
  fallback?: boolean;
  demo?: boolean;
  reporting?: {
    dsn: string;
    environment: string;
    traces_sample_rate: number;
    replays_session_sample_rate: number;
    replays_on_error_sample_rate: number;
  };
  analytics?: { segment_write_key?: string };
}

export function readPageData(): PageData {
  try {
    const text = document.getElementById('portal-brand')?.textContent;
    const value: unknown = text ? JSON.parse(text) : null;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as PageData) : {};
  } catch {
    return {};
  }
}
