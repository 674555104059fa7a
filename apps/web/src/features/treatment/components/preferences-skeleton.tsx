/**
 * Placeholder blocks while the product loads (000 §2 Screen 8 "skeleton while loading"). While `waiting` (the
 * first moments of a load, see the page) the same blocks hold the form's place unseen and unannounced, so a
 * quick answer replaces an empty area rather than a flash of grey, and nothing below moves either way.
 */
export function PreferencesSkeleton({ waiting = false }: { waiting?: boolean }) {
  const blocks = (
    <>
      <div className="tx-skeleton tx-skeleton--media" aria-hidden="true" />
      <div className="tx-config" aria-hidden="true">
        <div className="tx-skeleton tx-skeleton--title" />
        <div className="tx-skeleton tx-skeleton--line" />
        <div className="tx-skeleton tx-skeleton--line" />
        <div className="tx-skeleton tx-skeleton--cards" />
        <div className="tx-skeleton tx-skeleton--cards" />
      </div>
    </>
  );
  if (waiting)
    return (
      <div className="tx-layout tx-layout--waiting" aria-hidden="true">
        {blocks}
      </div>
    );
  return (
    <div className="tx-layout" role="status" aria-live="polite">
      <span className="ui-visually-hidden">Loading your treatment options</span>
      {blocks}
    </div>
  );
}
