/** Placeholder blocks while the product loads (000 §2 Screen 8 "skeleton while loading"). */
export function PreferencesSkeleton() {
  return (
    <div className="tx-layout" role="status" aria-live="polite">
      <span className="ui-visually-hidden">Loading your treatment options</span>
      <div className="tx-skeleton tx-skeleton--media" aria-hidden="true" />
      <div className="tx-config" aria-hidden="true">
        <div className="tx-skeleton tx-skeleton--title" />
        <div className="tx-skeleton tx-skeleton--line" />
        <div className="tx-skeleton tx-skeleton--line" />
        <div className="tx-skeleton tx-skeleton--cards" />
        <div className="tx-skeleton tx-skeleton--cards" />
      </div>
    </div>
  );
}
