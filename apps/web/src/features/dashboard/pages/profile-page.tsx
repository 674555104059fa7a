import { useState } from 'react';
import { useSessionUser } from '../../../lib/session';
import { CustomizeProtocolPanel, CustomizeSuccessPanel } from '../components/customize-protocol-panel';
import { DashboardWidgets } from '../components/dashboard-widgets';
import { UnreadLine, VisitCompleteModal } from '../components/unread-summary';
import { VisitsInReview } from '../components/visits-in-review';
import './profile-page.css';

/**
 * The dashboard home (001 §2 Dashboard): the unread-count line, the visit-complete modal, Visits in Review,
 * the widgets grid and the Customize Protocol and Success panels.
 */
export default function ProfilePage() {
  const user = useSessionUser();
  const [customizing, setCustomizing] = useState(false);
  const [submitted, setSubmitted] = useState(false);
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
          <VisitsInReview userId={user._id} />
          <DashboardWidgets user={user} onCustomize={() => setCustomizing(true)} />
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
        </>
      ) : null}
    </div>
  );
}
