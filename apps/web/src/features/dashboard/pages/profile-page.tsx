import { lazy, Suspense, useState } from 'react';
import { useSessionUser } from '../../../lib/session';
import { DashboardWidgets } from '../components/dashboard-widgets';
import { UnreadLine, VisitCompleteModal } from '../components/unread-summary';
import './profile-page.css';

/**
 * The Customize Protocol and Success panels load when first opened: their request form brings the domain's
 * prescription-change schemas (zod), which the dashboard's first screen does not need.
 */
const loadPanels = () => import('../components/customize-protocol-panel');
const CustomizeProtocolPanel = lazy(async () => ({ default: (await loadPanels()).CustomizeProtocolPanel }));
const CustomizeSuccessPanel = lazy(async () => ({ default: (await loadPanels()).CustomizeSuccessPanel }));

/**
 * The dashboard home (001 §2 Dashboard): the unread-count line, the visit-complete modal, Visits in Review,
 * the widgets grid and the Customize Protocol and Success panels.
 */
export default function ProfilePage() {
  const user = useSessionUser();
  const [customizing, setCustomizing] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  // mounted from the first opening on, so closing keeps the panel's own way of closing
  const [panelsUsed, setPanelsUsed] = useState(false);
  const firstName = user?.first_name?.trim();
  return (
    <div className="dashboard">
      <header className="dashboard__header">
        <p className="dashboard__eyebrow">Dashboard</p>
        <h1 className="dashboard__title">{firstName ? `Welcome, ${firstName}` : 'Welcome'}</h1>
        {user ? <UnreadLine /> : null}
      </header>
      {user ? (
        <>
          <VisitCompleteModal />
          <DashboardWidgets
            user={user}
            onCustomize={() => {
              setPanelsUsed(true);
              setCustomizing(true);
            }}
          />
          {panelsUsed ? (
            <Suspense fallback={null}>
              <CustomizeProtocolPanel
                userId={user._id}
                open={customizing}
                onClose={() => setCustomizing(false)}
                onSubmitted={() => {
                  setCustomizing(false);
                  setSubmitted(true);
                }}
              />
              <CustomizeSuccessPanel open={submitted} onClose={() => setSubmitted(false)} />
            </Suspense>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
